//===- HtmlEmitter.cpp - The access-pattern report as one HTML page -------===//
//
// A self-contained page: inline CSS, the report as JSON in a data script,
// and a script that draws the table -> query graph as SVG from it (objects
// on the left, one box per access pattern on the right, an edge from what
// serves a pattern to it, coloured by cost). The findings and the per-object
// listings are plain HTML, readable without the script.
//
//===----------------------------------------------------------------------===//
#include "Phrases.h"

#include "nosqlint/Patterns/Emitters.h"

namespace nosqlint::patterns {

namespace {

std::string escapeHtml(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

/// JSON inside <script>: no "</script>" or "<!--" can end it early.
std::string scriptSafe(llvm::StringRef Json) {
  std::string Out;
  for (char C : Json) {
    if (C == '<')
      Out += "\\u003c";
    else if (C == '>')
      Out += "\\u003e";
    else if (C == '&')
      Out += "\\u0026";
    else
      Out += C;
  }
  return Out;
}

const char *const Style = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1f2328;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:15px;margin:18px 0 6px}
code{font:12px ui-monospace,monospace;background:#f6f8fa;padding:1px 4px;border-radius:4px}
table{border-collapse:collapse;margin:6px 0 12px}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}.unserved{color:#cf222e;font-weight:600}.muted{color:#656d76}
#graph svg{border:1px solid #d0d7de;border-radius:6px;background:#fbfcfd}
.object-node text,.query-node text{font:12px ui-monospace,monospace;pointer-events:none}
.object-node text{fill:#fff}.query-node text{fill:#1f2328}
.edge{fill:none;stroke:#8c959f;stroke-width:1.4}.edge.hot{stroke:#0969da;stroke-width:3}
.legend span{display:inline-block;padding:1px 8px;margin-right:6px;border-radius:4px;color:#fff;font-size:12px}
)css";

/// Draws the graph. Colours: tables #1f6feb, views #0a7f6f, indexes
/// #8250df; patterns by cost: green cheap, amber index, red scan/unserved.
const char *const Script = R"js(
(function(){
var report=JSON.parse(document.getElementById('nosqlint-report').textContent);
var NS='http://www.w3.org/2000/svg';
function el(n,a,p){var e=document.createElementNS(NS,n);for(var k in a)e.setAttribute(k,a[k]);if(p)p.appendChild(e);return e;}
var fills={'table':'#1f6feb','materialized-view':'#0a7f6f','secondary-index':'#8250df','sai-index':'#8250df','gsi':'#8250df','lsi':'#8250df'};
function costFill(r){if(r.unserved||r.cost==='full-scan'||r.cost==='scatter-gather')return '#ffcecb';
 if(r.cost==='index-lookup'||r.cost==='multi-partition')return '#fff1c2';return '#d2f4d9';}
var shapes=[],byShape={},order={};
report.objects.forEach(function(o,i){order[o.id]=i;});
report.reads.forEach(function(r){if(!(r.shape in byShape)){byShape[r.shape]=shapes.length;shapes.push({read:r,count:0});}shapes[byShape[r.shape]].count++;});
function rank(r){return r.object in order?order[r.object]:(r.table in order?order[r.table]:1e9);}
shapes.sort(function(a,b){return rank(a.read)-rank(b.read);});
function fit(s,n){return s.length>n?s.slice(0,n-1)+'\u2026':s;}
var row=30,boxH=22,objW=300,qW=520,gap=160;
var objs=report.objects;
var n=Math.max(objs.length,shapes.length,1);
var W=objW+gap+qW+20,H=n*row+20;
var svg=el('svg',{width:W,height:H,viewBox:'0 0 '+W+' '+H,id:'pattern-graph'});
var edges=el('g',{'class':'edges'},svg);
var pos={};
objs.forEach(function(o,i){
 var y=10+i*row;pos[o.id]=y+boxH/2;
 var g=el('g',{'class':'object-node','data-id':o.id,'data-kind':o.kind},svg);
 el('rect',{x:10,y:y,width:objW,height:boxH,rx:4,fill:fills[o.kind]||'#1f6feb','class':'box'},g);
 var t=el('text',{x:18,y:y+15},g);t.textContent=fit(o.id+(o.kind==='table'?'':' ('+o.kind+')'),40);
 var tip=el('title',{},g);tip.textContent=o.kind+' '+o.id;
});
shapes.forEach(function(s,i){
 var r=s.read,y=10+i*row,x=10+objW+gap;
 var g=el('g',{'class':'query-node','data-shape':r.shape},svg);
 el('rect',{x:x,y:y,width:qW,height:boxH,rx:4,fill:costFill(r),stroke:'#8c959f'},g);
 var label=r.operation+' '+r.served+(r.partition_key.length?' by '+r.partition_key.join(','):'')+(s.count>1?'  x'+s.count:'');
 var t=el('text',{x:x+8,y:y+15},g);t.textContent=fit(label,70);
 var tip=el('title',{},g);tip.textContent=r.file+':'+r.line+'\n'+r.text;
 var from=pos[r.object]!==undefined?pos[r.object]:pos[r.table];
 if(from!==undefined){
  var e=el('path',{d:'M'+(10+objW)+' '+from+' C'+(10+objW+gap/2)+' '+from+' '+(10+objW+gap/2)+' '+(y+boxH/2)+' '+x+' '+(y+boxH/2),'class':'edge','data-from':r.object},edges);
  g.addEventListener('mouseenter',function(){e.classList.add('hot');});
  g.addEventListener('mouseleave',function(){e.classList.remove('hot');});
 }
});
document.getElementById('graph').appendChild(svg);
document.getElementById('graph-status').textContent=objs.length+' objects, '+shapes.length+' access patterns';
})();
)js";

void objectSection(const PatternReport &R, const DataObject &O,
                   llvm::raw_ostream &OS) {
  OS << "<section class=\"object\" data-id=\"" << escapeHtml(O.Id)
     << "\">\n<h3>" << escapeHtml(objectTitle(O)) << "</h3>\n<p>";
  if (std::string K = keyText(O); !K.empty())
    OS << "<code>" << escapeHtml(K) << "</code> ";
  if (!O.Defined.Path.empty())
    OS << "<span class=\"muted\">defined at " << escapeHtml(siteText(O.Defined))
       << "</span>";
  else if (!O.InSchema)
    OS << "<span class=\"muted\">not in the schema</span>";
  OS << "</p>\n";
  std::vector<const Read *> Reads = R.readsOf(O);
  if (Reads.empty())
    OS << "<p class=\"muted\">No read.</p>\n";
  else {
    OS << "<table><tr><th>where</th><th>operation</th><th>served</th>"
          "<th>cost</th><th>query</th></tr>\n";
    for (const Read *X : Reads) {
      OS << "<tr><td><code>" << escapeHtml(siteText(X->At)) << "</code></td><td>"
         << escapeHtml(X->Operation) << "</td><td"
         << (X->Unserved ? " class=\"unserved\"" : "") << ">"
         << escapeHtml(servedText(*X));
      if (std::string F = queryFacts(*X); !F.empty())
        OS << "<br>" << escapeHtml(F);
      OS << "</td><td>" << costName(X->Class) << "</td><td><code>"
         << escapeHtml(X->Text) << "</code></td></tr>\n";
    }
    OS << "</table>\n";
  }
  std::vector<const Write *> Writes = R.writesFeeding(O);
  OS << "<p>Kept up to date by " << Writes.size() << " write"
     << (Writes.size() == 1 ? "" : "s") << "</p>\n";
  if (!Writes.empty()) {
    OS << "<ul>\n";
    for (const Write *W : Writes)
      OS << "<li><code>" << escapeHtml(siteText(W->At)) << "</code> "
         << escapeHtml(W->Operation) << " <span class=\"muted\">"
         << escapeHtml(W->Unit) << "</span></li>\n";
    OS << "</ul>\n";
  }
  OS << "</section>\n";
}

} // namespace

void emitPatternsHtml(const PatternReport &R, llvm::raw_ostream &OS) {
  std::string Json;
  {
    llvm::raw_string_ostream J(Json);
    emitPatternsJson(R, J);
  }
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>Access patterns - nosqlint</title>\n<style>"
     << Style << "</style>\n</head>\n<body>\n<h1>Access patterns</h1>\n"
     << "<p class=\"muted\">" << R.Objects.size()
     << " tables, views and indexes; " << R.Reads.size() << " reads; "
     << R.Writes.size() << " writes. Findings: "
     << escapeHtml(findingCounts(R)) << ".</p>\n"
     << "<p class=\"legend\"><span style=\"background:#1f6feb\">table</span>"
        "<span style=\"background:#0a7f6f\">view</span>"
        "<span style=\"background:#8250df\">index</span>"
        "<span style=\"background:#2da44e\">cheap</span>"
        "<span style=\"background:#bf8700\">index / several partitions</span>"
        "<span style=\"background:#cf222e\">scan / unserved</span></p>\n"
     << "<div id=\"graph\"></div>\n<p id=\"graph-status\" class=\"muted\">"
        "The graph needs JavaScript.</p>\n";
  if (R.Diff) {
    OS << "<h2>Against " << escapeHtml(R.Diff->Against) << "</h2>\n<ul>\n";
    for (const Read &X : R.Diff->NewUnserved)
      OS << "<li class=\"unserved\">new unserved <code>"
         << escapeHtml(siteText(X.At)) << "</code> " << escapeHtml(X.shape())
         << "</li>\n";
    for (const Read &X : R.Diff->NewPatterns)
      OS << "<li>new <code>" << escapeHtml(siteText(X.At)) << "</code> "
         << escapeHtml(X.shape()) << "</li>\n";
    for (const std::string &G : R.Diff->Gone)
      OS << "<li>gone " << escapeHtml(G) << "</li>\n";
    OS << "</ul>\n";
  }
  OS << "<h2>Findings</h2>\n";
  if (R.Findings.empty())
    OS << "<p>None.</p>\n";
  else {
    OS << "<table><tr><th>kind</th><th>about</th><th>finding</th>"
          "<th>where</th></tr>\n";
    for (const Finding &F : R.Findings) {
      OS << "<tr class=\"finding\" data-kind=\"" << findingKindName(F.Kind)
         << "\"><td>" << findingKindName(F.Kind) << "</td><td>"
         << escapeHtml(listText(F.Objects)) << "</td><td>"
         << escapeHtml(F.Message);
      for (const std::string &N : F.Notes)
        OS << "<br><span class=\"muted\">" << escapeHtml(N) << "</span>";
      OS << "</td><td>";
      for (const Site &S : F.Sites)
        if (!S.Path.empty())
          OS << "<code>" << escapeHtml(siteText(S)) << "</code><br>";
      OS << "</td></tr>\n";
    }
    OS << "</table>\n";
  }
  OS << "<h2>Tables, views and indexes</h2>\n";
  for (const DataObject &O : R.Objects)
    objectSection(R, O, OS);
  OS << "<script type=\"application/json\" id=\"nosqlint-report\">"
     << scriptSafe(Json) << "</script>\n<script>" << Script
     << "</script>\n</body>\n</html>\n";
}

} // namespace nosqlint::patterns
