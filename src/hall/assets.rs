//! The hall pages' only stylesheet and script, served by the app itself (`/assets/`):
//! no page loads anything from another host. The script asks `/rev` every 3 s, with
//! the tag it has as `If-None-Match`, and reloads the page when the tag changes.

/// `/assets/hall.css`: phone first, large enough to read standing in a hall.
pub(super) const CSS: &str = r#"*{box-sizing:border-box}
body{margin:0;font:17px/1.45 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1b1b1b;background:#fafaf7}
header{display:flex;justify-content:space-between;align-items:center;gap:.5em;padding:.6em .8em;background:#8b1e1e;color:#fff}
header a{color:#fff;text-decoration:none}
header .home{font-weight:600}
nav a{margin-right:.6em}
main{padding:.6em .8em 2em}
h1{font-size:1.35em;margin:.3em 0}
h2{font-size:1.15em;margin:.8em 0 .3em}
h3{font-size:1em;margin:.8em 0 .3em}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{padding:.35em .4em;border-bottom:1px solid #e2e0d8;text-align:left;vertical-align:top}
th{font-weight:600;background:#f1efe8;font-size:.9em}
.num{text-align:right;white-space:nowrap}
td.result{text-align:center;font-weight:600;white-space:nowrap}
.no{color:#666;font-variant-numeric:tabular-nums}
.club{color:#666}
td.red .name{color:#b3261e}
.rounds a,.rounds strong{display:inline-block;padding:.2em .1em}
.find{display:flex;gap:.4em;margin:.6em 0}
.find input{flex:1;font-size:1.1em;padding:.45em;border:1px solid #aaa;border-radius:6px}
.find button{font-size:1.1em;padding:.45em .9em;border:0;border-radius:6px;background:#8b1e1e;color:#fff}
ul.found,ul.groups,ul.byes{list-style:none;padding:0;margin:0}
li.found,ul.groups li{background:#fff;border:1px solid #e2e0d8;border-radius:8px;padding:.6em;margin:.4em 0}
li.found .where{font-size:1.2em;margin-top:.2em}
.colour{color:#8b1e1e}
.wechat{background:#fff3cd;color:#5c4400;padding:.7em .8em;font-weight:600;border-bottom:1px solid #e0c96b}
.empty{color:#666}
footer{color:#888;font-size:.8em;padding:0 .8em 1em}
h3.match .score{font-weight:700;color:#8b1e1e}
div.match{background:#fff;border:1px solid #e2e0d8;border-radius:8px;padding:.4em .6em;margin:.4em 0}
div.match .kind{font-size:.85em;color:#8b1e1e;font-weight:600}
div.match .side{display:flex;gap:.3em}
div.match .side .score{margin-left:auto;font-weight:600}
div.match .won .name{font-weight:700}
div.match .seed{color:#666}
div.match a.board{font-size:.85em}
div.wide{overflow-x:auto}
table.crosstable td.cell{white-space:nowrap;text-align:center}
.note{color:#666;font-size:.85em}
ol.podium{background:#fff;border:1px solid #e2e0d8;border-radius:8px;padding:.5em 2em}
"#;

/// `/assets/hall.js`: reloads the page when the event's revision changes.
pub(super) const JS: &str = r#"(function(){
  var tag = document.body.getAttribute('data-rev');
  function ask(){
    var r = new XMLHttpRequest();
    r.open('GET', '/rev', true);
    r.setRequestHeader('If-None-Match', '"' + tag + '"');
    r.onload = function(){
      if (r.status === 200) {
        var now = (r.responseText || '').trim();
        if (now && now !== tag) { location.reload(); return; }
      }
      setTimeout(ask, 3000);
    };
    r.onerror = function(){ setTimeout(ask, 3000); };
    r.send();
  }
  setTimeout(ask, 3000);
})();
"#;
