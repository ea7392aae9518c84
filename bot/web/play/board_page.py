"""The board component: one page and one script for every surface a person plays on — the
Telegram Mini App (`telegram`), the game's page signed in (`web`) and the Discord Activity
(`activity`). The player taps a piece (or drags it), then one of its destinations (shown);
a piece that must capture shows the pieces each capture takes and the squares it lands on
on its way; captures that end on one square are buttons, each showing its own before it is
played. Moves with a button of their own (a huff, a Ludo pawn), the die, a draw and resigning
(asked twice) are buttons under the board, large enough for a thumb. The board follows the
game's event stream.

Its data is in <main>'s attributes, so the script is the same text on every surface and
page: its hash lets it run (bot/web/headers.py). What differs is how a request names its
reader: Telegram's initData in the body; the page's session cookie with its CSRF token in a
header; the Activity's session token, got by exchanging Discord's OAuth2 code on this server,
in a header, every address under Discord's proxy path."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from aiohttp import web

from bot.i18n import Text, text, translate
from bot.web.pages import page

SURFACES = {
    "telegram": "/app/api",
    "web": "/play/api",
    "activity": "/activity/api",
}

SCRIPT = """
const P=document.querySelector('main').dataset;const surface=P.surface;
const tg=surface==='telegram'&&window.Telegram&&Telegram.WebApp;if(tg)tg.ready();
const query=new URLSearchParams(location.search);
const fromHash=new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');
const initData=(tg&&tg.initData)||fromHash||'';
// Inside Discord every address goes through its proxy path (docs/web.md).
const base=location.hostname.endsWith('.discordsays.com')?'/.proxy':'';
let start=P.start||(tg&&tg.initDataUnsafe&&tg.initDataUnsafe.start_param)||query.get('startapp')
||'';let bearer=null;
const $=id=>document.getElementById(id);let st=null,picked=null,live=null,resigning=false;
const nonce=()=>Math.random().toString(36).slice(2)+Date.now().toString(36);
function say(words,refused){$('note').textContent=words;$('note').className=refused?'refused':'';}
async function call(path,extra){const h={'Content-Type':'application/json'};
if(P.csrf)h['X-CSRF-Token']=P.csrf;if(bearer)h.Authorization='Bearer '+bearer;
const body=Object.assign({start,game:query.get('game')},extra);
if(surface==='telegram')body.initData=initData;
const r=await fetch(base+P.api+'/'+path,{method:'POST',headers:h,credentials:'same-origin',
body:JSON.stringify(body)});let j={};try{j=await r.json();}catch(e){}
if(!r.ok)say(j.refused||String(r.status),true);if(j.view)show(j);return r.ok;}
function same(el,name){return el&&(el.dataset.name===name||el.dataset.square===name);}
function pieceOf(el){if(el.dataset.pawn)return c=>c.piece.startsWith('p'+el.dataset.pawn+' ');
return c=>same(el,c.piece);}
function show(j){st=j;picked=null;resigning=false;$('board').innerHTML=j.view.svg;
$('caption').textContent=j.view.caption;$('moves').textContent=j.view.moves;
if(j.said)say(j.said,false);labelled();$('roll').hidden=!j.roll;
$('resign').hidden=!j.resign;$('resign').textContent=P.resign;
for(const k of ['offer','accept','decline'])$(k).hidden=true;
if(j.draw==='offer')$('offer').hidden=false;
if(j.draw==='answer'){$('accept').hidden=false;$('decline').hidden=false;}
if(j.draw==='withdraw')$('decline').hidden=false;
document.body.dataset.version=j.view.version;
if(!live&&j.live){live=new EventSource(base+j.live);live.onmessage=e=>{const v=JSON.parse(e.data);
if(!st||v.version>st.view.version)call('state',{});};}}
function act(path,extra){return call(path,Object.assign({version:st.view.version,nonce:nonce()},
extra));}
function move(notation){return act('move',{move:notation});}
function buttons(cs,words,tap,look){const own=$('own');own.innerHTML='';for(const c of cs){
const b=document.createElement('button');b.textContent=words(c);b.onclick=()=>tap(c,b);
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
buttons(m,c=>c.takes?c.notation+' \\u00b7 '+c.takes:c.notation,
(c,b)=>{if(chosen===c)return move(c.notation);chosen=c;see(c,b);},see);}
function tap(el){if(!st||!el)return;unmark();if(picked){
const m=st.choices.filter(c=>c.piece===picked&&same(el,c.target));
if(m.length===1)return move(m[0].notation);if(m.length>1){mark([m[0].target],'target','.square');
return routes(m);}}labelled();
const mine=st.choices.filter(pieceOf(el));picked=null;if(!mine.length)return;
if(mine.every(c=>c.label)&&mine.length===1)return move(mine[0].notation);
picked=mine[0].piece;marks(mine);}
const spot=e=>{const at=document.elementFromPoint(e.clientX,e.clientY);
return at&&at.closest('#board [data-square],#board [data-pawn]');};
// A tap picks and plays; a drag from a piece to a square plays as two taps.
let down=null;
$('board').onpointerdown=e=>{down=spot(e);if(down)tap(down);};
$('board').onpointerup=e=>{const up=spot(e);if(down&&up&&up!==down&&picked)tap(up);down=null;};
$('roll').onclick=()=>act('roll',{});
$('offer').onclick=()=>act('draw',{answer:'offer'});
$('accept').onclick=()=>act('draw',{answer:'accept'});
$('decline').onclick=()=>act('draw',{answer:'decline'});
$('resign').onclick=()=>{if(!resigning){resigning=true;$('resign').textContent=P.sure;return;}
act('resign',{confirm:true});};
// The Activity: Discord's Embedded App SDK's messages with the Discord client around the
// frame (a handshake, then AUTHORIZE and AUTHENTICATE); the code it gives is exchanged on
// this server, which answers with a session of the person Discord names.
function discord(){const q=query;const pending={};let ready;const up=window.parent;
const waiting=new Promise(r=>{ready=r;});
addEventListener('message',e=>{if(e.source!==up||!Array.isArray(e.data))return;
const [op,m]=e.data;if(op!==1||!m)return;if(m.evt==='READY')return ready();
const p=pending[m.nonce];if(!p)return;delete pending[m.nonce];
if(m.evt==='ERROR')p[1](m.data);else p[0](m.data);});
const send=(cmd,args)=>new Promise((ok,no)=>{const n=nonce();pending[n]=[ok,no];
up.postMessage([1,{cmd,args,nonce:n}],'*');});
up.postMessage([0,{v:1,encoding:'json',client_id:P.client,frame_id:q.get('frame_id')}],'*');
return waiting.then(()=>send('AUTHORIZE',{client_id:P.client,response_type:'code',state:'',
prompt:'none',scope:['identify']})).then(async a=>{
const r=await fetch(base+'/activity/token',{method:'POST',headers:{'Content-Type':
'application/json'},body:JSON.stringify({code:a.code,channel:q.get('channel_id')||'',
instance:q.get('instance_id')||''})});const j=await r.json();
if(!r.ok)throw new Error(j.refused||String(r.status));bearer=j.session;start=j.start||'';
await send('AUTHENTICATE',{access_token:j.access_token});});}
if(surface==='activity')discord().then(()=>call('state',{}),e=>say(String(e.message||e),true));
else call('state',{});
"""


def board_page(
    language: str, surface: str, data: Mapping[str, str], after: str = ""
) -> web.Response:
    """The board component's page on `surface`, with the surface's `data` (a CSRF token,
    the game's signed link, the Activity's client id) in <main>'s attributes, and `after` it
    (HTML: the game page's links) below the board."""

    def words(message: Text) -> str:
        return escape(translate(language, message))

    attributes = {
        "surface": surface,
        "api": SURFACES[surface],
        "resign": translate(language, text("Resign")),
        "sure": translate(language, text("Resign: tap again to confirm")),
        **data,
    }
    shown = " ".join(f'data-{name}="{escape(value)}"' for name, value in attributes.items())
    body = (
        f'<main {shown}><div id="board"></div><p id="caption"></p>'
        '<p id="note" role="status"></p><p id="routes" hidden></p>'
        '<div class="actions">'
        f'<button id="roll" hidden>{words(text("Roll"))}</button><span id="own"></span>'
        f'<button id="offer" hidden>{words(text("Offer a draw"))}</button>'
        f'<button id="accept" hidden>{words(text("Accept the draw"))}</button>'
        f'<button id="decline" hidden>{words(text("Decline the draw"))}</button>'
        '<button id="resign" hidden></button></div>'
        f'<pre id="moves"></pre></main>{after}'
    )
    return page(language, text("Play"), body, SCRIPT, surface)
