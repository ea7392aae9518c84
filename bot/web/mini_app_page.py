"""The Mini App's page: the board to tap (a piece, then its destination; the moves with a
button of their own, such as a huff or a Ludo pawn; the die), sent through the API with
Telegram's initData, kept live by the game's event stream."""

from __future__ import annotations

from html import escape

from aiohttp import web

from bot.i18n import text, translate
from bot.web.pages import page

# Telegram's own script, which hands the page its initData inside Telegram.
TELEGRAM_SCRIPT = '<script src="https://telegram.org/js/telegram-web-app.js"></script>'
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
$('note').className='';}const own=$('own');own.innerHTML='';
for(const c of j.choices.filter(c=>c.label)){const b=document.createElement('button');
b.textContent=c.label;b.onclick=()=>move(c.notation);own.appendChild(b);}
$('roll').hidden=!j.roll;document.body.dataset.version=j.view.version;
if(!live&&j.live){live=new EventSource(j.live);live.onmessage=e=>{const v=JSON.parse(e.data);
if(!st||v.version>st.view.version)call('state',{});};}}
function move(notation){return call('move',{move:notation,version:st.view.version,nonce:nonce()});}
$('roll').onclick=()=>call('roll',{version:st.view.version,nonce:nonce()});
$('board').onclick=e=>{if(!st)return;const el=e.target.closest('[data-square],[data-pawn]');
if(!el)return;document.querySelectorAll('.target').forEach(t=>t.classList.remove('target'));
if(picked){const m=st.choices.filter(c=>c.piece===picked&&same(el,c.target));
if(m.length===1)return move(m[0].notation);if(m.length>1){const own=$('own');own.innerHTML='';
for(const c of m){const b=document.createElement('button');b.textContent=c.notation;
b.onclick=()=>move(c.notation);own.appendChild(b);}return;}}
const mine=st.choices.filter(pieceOf(el));picked=null;if(!mine.length)return;
if(mine.every(c=>c.label)&&mine.length===1)return move(mine[0].notation);
picked=mine[0].piece;for(const c of mine)document.querySelectorAll('.square').forEach(s=>{
if(same(s,c.target))s.classList.add('target');});};
call('state',{});
"""


def mini_app_page(language: str) -> web.Response:
    roll = escape(translate(language, text("Roll")))
    body = (
        '<div id="board"></div><p id="caption"></p><p id="note" role="status"></p>'
        f'<div class="actions"><button id="roll" hidden>{roll}</button><span id="own"></span>'
        "</div>"
    )
    return page(language, text("Play"), body, SCRIPT, TELEGRAM_SCRIPT)
