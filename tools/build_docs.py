"""Build the documentation site offline from the notebooks in `nbs/` (Quarto is not installable here).

Each notebook is rendered with its stored outputs (nothing is re-executed): hidden cells and nbdev directives are
removed, exported code is kept (the Numba kernels are part of the exposition), and after each exported cell the
API entry of every public name it defines is inserted, rendered by nbdev's `show_doc`. The site is built by mkdocs
with mkdocs-jupyter into `_docs/`.
"""
import ast, copy, os, re, shutil, subprocess, sys
from pathlib import Path
import nbformat
from nbdev.showdoc import show_doc

ROOT = Path(__file__).resolve().parents[1]
SRC, STAGE, OUT = ROOT / 'nbs', ROOT / '_proc_docs', ROOT / '_docs'
_DIRECTIVE = re.compile(r'^\s*#\|\s*([\w-]+)\s*:?\s*(.*)$')

def directives(cell):
    "The nbdev directives of a cell as a dict (name -> argument string)."
    out = {}
    for line in cell.source.splitlines():
        m = _DIRECTIVE.match(line)
        if not m: break
        out[m.group(1)] = m.group(2).strip()
    return out

def strip_directives(src):
    lines = src.splitlines()
    while lines and _DIRECTIVE.match(lines[0]): lines.pop(0)
    return '\n'.join(lines)

def public_names(src):
    "Public functions, classes and constants defined at the top level of a code cell."
    names = []
    for node in ast.parse(src).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith('_'): names.append(node.name)
    return names

def api_markdown(module, name):
    md = show_doc(getattr(module, name))._repr_markdown_()
    md = re.sub(r'\[source\]\([^)]*\)\{[^}]*\}\n*', '', md)   # Quarto-only link attributes
    return md

def imports_only(src):
    "True for a cell of nothing but import statements (a module's header: hidden from the page, kept in the module)."
    try: body = ast.parse(src).body
    except SyntaxError: return False
    return bool(body) and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body)

def process(nb_path):
    nb = nbformat.read(nb_path, as_version=4)
    exp = next((directives(c).get('default_exp') for c in nb.cells if c.cell_type == 'code' and 'default_exp' in directives(c)), None)
    module = __import__(f'samplerank.{exp}', fromlist=['*']) if exp else None
    cells = []
    for c in nb.cells:
        if c.cell_type == 'markdown' and directives(c):       # a markdown cell with directives (the package docstring's intro)
            if 'hide' in directives(c): continue
            c = copy.deepcopy(c); c.source = strip_directives(c.source)
        if c.cell_type != 'code': cells.append(c); continue
        d = directives(c)
        if 'default_exp' in d or 'hide' in d or d.get('eval') == 'false': continue
        if d.get('echo') == 'false':             # generated prose (a table rendered from stored results): its output only
            cells += [nbformat.v4.new_markdown_cell(''.join(o['data']['text/markdown'])) for o in c.get('outputs', [])
                      if 'text/markdown' in o.get('data', {})]
            continue
        c = copy.deepcopy(c)
        c.source = strip_directives(c.source)
        if not c.source.strip() or ('export' in d or 'exporti' in d) and imports_only(c.source): continue
        cells.append(c)
        if 'export' in d and module is not None:
            for name in public_names(c.source):
                if hasattr(module, name): cells.append(nbformat.v4.new_markdown_cell(api_markdown(module, name)))
    nb.cells = cells
    return nb

MATHJAX_CONFIG = r'''window.MathJax = {
  tex2jax: {inlineMath: [['$', '$'], ['\\(', '\\)']], displayMath: [['$$', '$$'], ['\\[', '\\]']],
            processEscapes: true, processEnvironments: true},
  TeX: {extensions: ['AMSmath.js', 'AMSsymbols.js']}, messageStyle: 'none',
  // the jupyter-server-mathjax wheel ships only the STIX-Web fonts: without this MathJax asks for the TeX fonts,
  // gets 404s and shows "[Math Processing Error]"
  'HTML-CSS': {availableFonts: ['STIX-Web'], preferredFont: 'STIX-Web', webFont: 'STIX-Web', imageFont: null},
  SVG: {font: 'STIX-Web'}
};
'''

CODE_CSS = """/* Code and its output wrap to the width of the page instead of scrolling sideways (the chapters' lines run to 120
   characters and more; a reader should not have to scroll a cell to read it). */
.md-typeset pre, .md-typeset pre > code, .jp-InputArea pre, .jp-OutputArea pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.highlight-ipynb pre, .highlight pre { white-space: pre-wrap; overflow-wrap: anywhere; }
"""

def copy_mathjax(assets):
    "Serve MathJax from the site itself (from the jupyter-server-mathjax wheel): the docs render math offline."
    import jupyter_server_mathjax
    src = Path(jupyter_server_mathjax.__file__).parent / 'static'
    shutil.copytree(src, assets / 'mathjax', ignore=shutil.ignore_patterns('*.md', 'LICENSE'))
    (assets / 'mathjax-config.js').write_text(MATHJAX_CONFIG)
    (assets / 'code.css').write_text(CODE_CSS)

def main():
    sys.path.insert(0, str(ROOT))
    shutil.rmtree(STAGE, ignore_errors=True); (STAGE / 'docs').mkdir(parents=True)
    nav = []
    for p in sorted(SRC.glob('*.ipynb')):
        if p.name.startswith('_'): continue
        nb = process(p)
        nbformat.write(nb, STAGE / 'docs' / p.name)
        title = next((re.match(r'#\s+(.*)', c.source).group(1) for c in nb.cells
                      if c.cell_type == 'markdown' and re.match(r'#\s+', c.source)), p.stem)
        nav.append({('Home' if p.stem == 'index' else title): p.name})
    nav.sort(key=lambda d: list(d.values())[0] != 'index.ipynb')
    copy_mathjax(STAGE / 'docs' / 'assets')
    cfg = (ROOT / 'mkdocs.yml').read_text() + '\nnav:\n' + ''.join(f'  - "{k}": {v}\n' for d in nav for k, v in d.items())
    (STAGE / 'mkdocs.yml').write_text(cfg)
    shutil.rmtree(OUT, ignore_errors=True)
    subprocess.run([sys.executable, '-m', 'mkdocs', 'build', '--quiet', '-f', str(STAGE / 'mkdocs.yml'),
                    '-d', str(OUT)], check=True, cwd=STAGE, env={**os.environ, 'NO_MKDOCS_2_WARNING': '1'})
    if not (OUT / 'index.html').exists(): sys.exit('docs build failed: _docs/index.html is missing')
    print(f'docs: {len(nav)} pages in {OUT.relative_to(ROOT)}/')

if __name__ == '__main__': main()
