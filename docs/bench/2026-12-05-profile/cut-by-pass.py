# Cuts a JFR recording of the benchmark's server by the passes' windows (the "Pass of ..." lines
# ThroughputBench writes to the server's log) and attributes the execution samples of each path's
# passes to categories of the delivery, by the first category (in the order below) that any frame
# of the sample's stack matches. docs/benchmarks.md says how the recording is taken.
#   python3 cut-by-pass.py bench.jfr server.log
import json, re, sys, subprocess, collections
from datetime import datetime, timezone
jfr, log = sys.argv[1], sys.argv[2]
wins = []
pat = re.compile(r"Pass of (\d+) messages from (\S+) on (\S+): from (\S+) to (\S+)")
def ts(x):
    x = x.rstrip('Z')
    if '.' in x:
        a, b = x.split('.'); x = a + '.' + b[:6]
        return datetime.strptime(x, "%Y-%m-%dT%H:%M:%S.%f").replace(tzinfo=timezone.utc).timestamp()
    return datetime.strptime(x, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp()
for line in open(log, errors='replace'):
    m = pat.search(line)
    if m:
        first = m.group(2)
        if first == "w1-receive-0":
            wins = []  # a new run in the same log
        # r3-inbox-0 -> path by prefix; a second pass with the same first id is the duplicate pass
        label = re.sub(r"^[a-z]\d+-", "", first).rsplit('-', 1)[0]
        wins.append([label, first, ts(m.group(4)), ts(m.group(5))])
seen = set()
for w in wins:
    if w[0] == 'inbox':
        if w[1] in seen: w[0] = 'duplicate'
        seen.add(w[1])
# the rounds r1.. and the warm-up rounds w.. (not the sweep or big-table passes)
wins = [w for w in wins if w[1][0] in 'rw' and w[0] in ('inbox', 'plain', 'duplicate', 'receive')]
print(len(wins), "windows", collections.Counter(w[0] for w in wins))
def events(kind):
    out = subprocess.run(["jfr", "print", "--json", "--stack-depth", "512", "--events", kind, jfr], capture_output=True, text=True).stdout
    return json.loads(out)["recording"]["events"]
def when(e):
    return ts(e["values"]["startTime"].replace('+00:00','').rstrip('Z')[:26])
def path_of(t):
    for w in wins:
        if w[2] <= t <= w[3]: return w[0]
    return None
CATS = [
 ("inbox: fingerprint/JSON", ["dev.inbox.receiving.Fingerprint", "dev.inbox.receiving.CanonicalJson", "dev.inbox.dispatch.Fingerprinter", "dev.inbox.receiving.ScopedFingerprints", "dev.inbox.dispatch.ConsumerViews"]),
 ("inbox: message reading (envelope)", ["dev.inbox.receiving.MessageReader", "dev.inbox.receiving.Body", "dev.inbox.receiving.IdentityProperties"]),
 ("inbox: look-up (CommittedRows)", ["dev.inbox.store.CommittedRows"]),
 ("inbox: row insert (InboxStore.insert)", ["dev.inbox.store.InboxStore.insert"]),
 ("inbox: metrics", ["dev.inbox.metrics."]),
 ("inbox: tracing", ["dev.inbox.tracing.", "dev.inbox.dispatch.DeliveryTracing"]),
 ("inbox: endings/events", ["dev.inbox.dispatch.Endings"]),
 ("handler's business insert (BusinessWork)", ["dev.inbox.bench.handler.BenchHandler", "dev.inbox.bench.handler.BusinessWork"]),
 ("the transaction's commit (afterDelivery)", [".afterDelivery"]),
 ("the transaction's begin (beforeDelivery)", [".beforeDelivery"]),
 ("inbox MDB's onMessage, other (interceptors, dispatch)", ["dev.inbox.receiving.InboxListener.onMessage"]),
 ("plain MDB's onMessage, other (interceptors)", ["dev.inbox.bench.PlainListener.onMessage"]),
 ("the resource adapter's delivery, other", ["org.apache.activemq.artemis.ra.inflow.ActiveMQMessageHandler.onMessage"]),
]
def cat(frames):
    names = [f["method"]["type"]["name"].replace("/", ".") + "." + f["method"]["name"] for f in frames]
    for c, prefixes in CATS:
        for n in names:
            if any((p in n) if p.startswith('.') else n.startswith(p) for p in prefixes):
                return c
    return None
def top(frames):
    return frames[0]["method"]["type"]["name"].replace("/", ".") if frames else "?"
for kind, weight in (("jdk.ExecutionSample", None),):
    evs = events(kind)
    agg = collections.defaultdict(collections.Counter)
    tops = collections.defaultdict(collections.Counter)
    for e in evs:
        p = path_of(when(e))
        if not p: continue
        st = e["values"].get("stackTrace")
        if not st: continue
        frames = st["frames"]
        w = e["values"][weight] if weight else 1
        c = cat(frames) or "other threads (broker, harness, timers)"
        agg[p][c] += w
        pk = ".".join(top(frames).split(".")[:3])
        tops[p][pk] += w
    print("==", kind)
    for p in ('plain', 'inbox', 'duplicate'):
        tot = sum(agg[p].values())
        print(" --", p, "total", tot)
        for c, v in agg[p].most_common():
            print("   %5.1f%% %s" % (100.0 * v / tot, c))
        print("   top packages:", ", ".join("%s %.0f%%" % (k, 100.0*v/tot) for k, v in tops[p].most_common(8)))
