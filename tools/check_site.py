"""Look at the built documentation site as a reader does: render every page of `_docs/` in headless Chromium (after
MathJax has run) and fail on a formula MathJax could not process, a local path, a stored warning or traceback, or an
image that is missing. Run after tools/build_docs.py: `python tools/check_site.py [--chromium PATH]`.

Chromium is Debian's `chromium` package (tools/test.sh installs it when it can). Exit status 0: every page is clean;
1: the problems are listed one per line; 3: no Chromium to render with (the check did not run)."""
import argparse, functools, http.server, re, shutil, socketserver, subprocess, sys, threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin, urlparse

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / '_docs'
PROBLEMS = {'a formula MathJax could not render': re.compile(r'Math Processing Error'),
            'a local path': re.compile(r'(/work/|/tmp/|/home/\w|site-packages/)'),
            'a stored warning': re.compile(r'\b[A-Z]\w*Warning\b:'),
            'a stored traceback': re.compile(r'Traceback \(most recent call last\)')}
_IMG = re.compile(r'<img\b[^>]*\bsrc="([^"]+)"', re.I)

def find_chromium(given=None):
    "The Chromium executable to use, or None."
    for c in ([given] if given else []) + ['chromium', 'chromium-browser', 'google-chrome']:
        if c and shutil.which(c): return shutil.which(c)
    return None

def serve(root:Path):
    "Serve `root` over HTTP on a free local port in a background thread; returns (server, base URL)."
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args): pass
    handler = functools.partial(Quiet, directory=str(root))
    srv = socketserver.ThreadingTCPServer(('127.0.0.1', 0), handler)     # several pages load at a time
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f'http://127.0.0.1:{srv.server_address[1]}/'

def render(chromium:str, url:str, budget_ms:int=30_000) -> str:
    "The page's DOM after its scripts (MathJax) have run, as headless Chromium sees it."
    cmd = [chromium, '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
           f'--virtual-time-budget={budget_ms}', '--dump-dom', url]
    try: return subprocess.run(cmd, capture_output=True, text=True, timeout=90).stdout
    except subprocess.TimeoutExpired: return ''    # reported as "rendered nothing"

def page_problems(html:str, page:Path) -> list:
    "The problems of one rendered page."
    out = [f'{what} ({m.group(0)!r})' for what, rx in PROBLEMS.items() if (m := rx.search(html))]
    for src in _IMG.findall(html):
        if src.startswith(('data:', 'http://', 'https://')) and not src.startswith('http://127.0.0.1'): continue
        path = urlparse(urljoin(page.relative_to(SITE).as_posix(), src)).path.lstrip('/')
        if not (SITE / path).exists(): out.append(f'a missing image ({src})')
    return out

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--chromium', help='the browser executable (default: chromium on the PATH)')
    ap.add_argument('--jobs', type=int, default=3, help='pages rendered at a time (default 3: a render mostly waits)')
    args = ap.parse_args()
    if not (SITE / 'index.html').exists(): sys.exit('check_site: _docs/index.html is missing; run tools/build_docs.py first')
    chromium = find_chromium(args.chromium)
    if chromium is None:
        print('check_site: no Chromium found (apt-get install chromium); the browser check did not run', file=sys.stderr)
        sys.exit(3)
    pages = sorted(p for p in SITE.rglob('index.html') if 'assets' not in p.parts)
    srv, base = serve(SITE)
    bad, typeset = 0, 0
    rels = [page.parent.relative_to(SITE).as_posix() for page in pages]
    try:
        # several Chromium processes at a time; the pages are reported in their order
        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            htmls = pool.map(lambda rel: render(chromium, base + ('' if rel == '.' else rel + '/')), rels)
        for page, rel, html in zip(pages, rels, htmls):
            if not html.strip(): print(f'{rel}: Chromium rendered nothing (within 90 s)'); bad += 1; continue
            typeset += 'class="MathJax' in html
            for p in page_problems(html, page): print(f'{rel}: {p}'); bad += 1
    finally:
        srv.shutdown()
    if typeset == 0: print('site: MathJax typeset no formula on any page'); bad += 1
    print(f'check_site: {len(pages)} pages rendered in {Path(chromium).name} ({typeset} with formulas), {bad} problems')
    sys.exit(1 if bad else 0)

if __name__ == '__main__': main()
