# Where the execution samples inside the inbox row's insert, the business insert and the look-up go, in
# the inbox passes of a recording that cut-by-pass.py reads (it runs that script's first part):
#   python3 breakdown.py bench.jfr server.log
import collections, os
src=open(os.path.join(os.path.dirname(__file__), '..', '2026-12-05-profile', 'cut-by-pass.py')).read()
src=src[:src.index('for kind, weight in')]
exec(src)
evs=events("jdk.ExecutionSample")
MARKS=[("getConnection","connection (pool, enlist)"),("prepareStatement","prepareStatement"),("PreparedStatement.executeUpdate","execute"),("executeUpdate","execute"),("translate","translate SQL"),("calculateChanges","change set"),("commitToDatabase","write changes"),("buildRow","build row"),("registerNewObject","register"),("persist","persist other"),("flush","flush other")]
for target in ("dev.inbox.store.InboxStore.insert","dev.inbox.bench.handler.BusinessWork.apply","dev.inbox.store.CommittedRows"):
  c=collections.Counter(); n=0
  for e in evs:
    p=path_of(when(e))
    if p!='inbox': continue
    st=e["values"].get("stackTrace")
    if not st: continue
    names=[f["method"]["type"]["name"].replace("/",".")+"."+f["method"]["name"] for f in st["frames"]]
    idx=[i for i,x in enumerate(names) if x.startswith(target)]
    if not idx: continue
    n+=1; below=names[:idx[0]]
    lab='other'
    for m,l in MARKS:
      if any(x.endswith("."+m) or x.endswith(m) for x in below): lab=l; break
    c[lab]+=1
  print(target, n, c.most_common())
