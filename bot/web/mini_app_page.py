"""The Mini App's page: the board to tap (a piece, then its destination; the moves with a
button of their own, such as a huff or a Ludo pawn; the die), sent through the API with
Telegram's initData, kept live by the game's event stream. A tapped piece shows its
destinations, the pieces its captures take and the squares they land on on their way;
captures that end on one square are buttons, each showing its own before it is played."""

from __future__ import annotations

from html import escape

from aiohttp import web

from bot.i18n import text, translate
from bot.web.pages import page

SCRIPT = """
const tg=window.Telegram&&Telegram.WebApp;if(tg)tg.ready();
const fromHash=new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
const initData=(tg&&tg.initData)||fromHash||'';
const query=new URLSearchParams(location.search);
const start=(tg&&tg.initDataUnsafe&&tg.initDataUnsafe.start_param)||query.get('startapp')||'';
const $=id=>document.getElementById(id);let st=null,picked=null,live=null;
const nonce=()=>Math.random().toString(36).slice(2)+Date.now().toString(36);
async function call(path,extra){const r=await fetch('/app/api/'+path,{method:'POST',
headers:{'Content-Type':'application/json'},body:JSON.stringify(Object.assign(
{initData,start,game:query.get('game')},extra))});let j={};try{j=await r.json();}catch(e){}
if(!r.ok){$('note').textContent=j.refused||r.status;$('note').className='refused';}
if(j.view)show(j);return r.ok;}
function same(el,name){return el&&(el.dataset.name===name||el.dataset.square===name);}
function pieceOf(el){if(el.dataset.pawn)return c=>c.piece.startsWith('p'+el.dataset.pawn+' ');
return c=>same(el,c.piece);}
function show(j){st=j;picked=null;$('board').innerHTML=j.view.svg;
$('caption').textContent=j.view.caption;if(j.said){$('note').textContent=j.said;
$('note').className='';}labelled();
$('roll').hidden=!j.roll;document.body.dataset.version=j.view.version;
if(!live&&j.live){live=new EventSource(j.live);live.onmessage=e=>{const v=JSON.parse(e.data);
if(!st||v.version>st.view.version)call('state',{});};}}
function move(notation){return call('move',{move:notation,version:st.view.version,nonce:nonce()});}
function buttons(cs,text,tap,look){const own=$('own');own.innerHTML='';for(const c of cs){
const b=document.createElement('button');b.textContent=text(c);b.onclick=()=>tap(c,b);
if(look)b.onfocus=()=>look(c,b);own.appendChild(b);}}
function labelled(){$('routes').hidden=true;buttons(st.choices.filter(c=>c.label),c=>c.label,
c=>move(c.notation));}
function unmark(){document.querySelectorAll('#board .target,#board .taken,#board .via')
.forEach(t=>t.classList.remove('target','taken','via'));}
function mark(names,name,kind){document.querySelectorAll('#board '+kind).forEach(s=>{
if(names.some(n=>same(s,n)))s.classList.add(name);});}
function marks(cs){for(const c of cs){mark([c.target],'target','.square');
mark(c.captured,'taken','.piece');mark(c.via,'via','.square');}}
// Captures ending on one square: a route's first tap shows what it takes, the second plays it.
function routes(m){$('routes').textContent=st.routes;$('routes').hidden=false;let chosen=null;
const see=(c,b)=>{unmark();marks([c]);for(const o of $('own').children)
o.setAttribute('aria-pressed',String(o===b));};
buttons(m,c=>c.takes?c.notation+' \u00b7 '+c.takes:c.notation,
(c,b)=>{if(chosen===c)return move(c.notation);chosen=c;see(c,b);},see);}
$('roll').onclick=()=>call('roll',{version:st.view.version,nonce:nonce()});
$('board').onclick=e=>{if(!st)return;const el=e.target.closest('[data-square],[data-pawn]');
if(!el)return;unmark();if(picked){const m=st.choices.filter(c=>c.piece===picked&&same(el,c.target));
if(m.length===1)return move(m[0].notation);if(m.length>1){mark([m[0].target],'target','.square');
return routes(m);}}labelled();
const mine=st.choices.filter(pieceOf(el));picked=null;if(!mine.length)return;
if(mine.every(c=>c.label)&&mine.length===1)return move(mine[0].notation);
picked=mine[0].piece;marks(mine);};
call('state',{});
"""


def mini_app_page(language: str) -> web.Response:
    roll = escape(translate(language, text("Roll")))
    body = (
        '<div id="board"></div><p id="caption"></p><p id="note" role="status"></p>'
        '<p id="routes" hidden></p>'
        f'<div class="actions"><button id="roll" hidden>{roll}</button><span id="own"></span>'
        "</div>"
    )
    return page(language, text("Play"), body, SCRIPT, in_telegram=True)
