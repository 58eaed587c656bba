"""Build the documentation site offline from the notebooks in `nbs/` (Quarto is not installable here).

Each notebook is rendered with its stored outputs (nothing is re-executed): hidden cells and nbdev directives are
removed, exported code is kept (the Numba kernels are part of the exposition), and after each exported cell the
API entry of every public name it defines is inserted, rendered by nbdev's `show_doc`. The site is built by mkdocs
with mkdocs-jupyter into `_docs/`. The index's list of chapters is numbered as the files are (00, ..., 03a, ...),
and each page is also written as markdown where the modules' "Docs:" links point (`translate.html.md`). The index's
chapters link their pages, and links between notebooks (`16_trust.ipynb#anchor`) are pointed at the pages. The hooks
in tools/mkdocs_hooks.py rebuild each page's table of contents from its rendered headings and give figures their
alternative text (`figure_alt`: a cell's `#| fig-alt:` line, else the figure's title).
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

def chapter_titles(src=SRC) -> dict:
    "The chapters as their files number them: number (the file name's prefix: '00', '03a', ...) -> the H1 title."
    out = {}
    for p in sorted(src.glob('[0-9]*.ipynb')):
        nb = nbformat.read(p, as_version=4)
        title = next((m.group(1).strip() for c in nb.cells if c.cell_type == 'markdown'
                      for m in [re.match(r'#\s+(.*)', c.source)] if m), p.stem)
        out[p.stem.split('_')[0]] = title
    return out

_CHAPTER_ITEM = re.compile(r'^\d+\. \*(.+?)\*(?= —)', re.M)

def chapter_stems(src=SRC) -> dict:
    "number (the file name's prefix) -> the notebook's name without `.ipynb` ('00' -> '00_core')."
    return {p.stem.split('_')[0]: p.stem for p in sorted(src.glob('[0-9]*.ipynb'))}

def number_chapters(md:str, titles:dict, link=None) -> str:
    """The index's list of chapters (`1. *Core* — ...`) numbered as the files are: `- **00** *Core* — ...`; with
    `link` (number -> URL) each title links its chapter: `- **00** [*Core*](00_core/) — ...`. An item whose title
    starts no chapter's title is an error (the list and the files disagree)."""
    def label(m):
        hits = [k for k, t in titles.items() if t.startswith(m.group(1))]
        if len(hits) != 1: sys.exit(f'index.ipynb: the chapter item *{m.group(1)}* names {len(hits)} chapters')
        title = f'*{m.group(1)}*'
        return f'- **{hits[0]}** ' + (f'[{title}]({link(hits[0])})' if link else title)
    return _CHAPTER_ITEM.sub(label, md)

_NB_LINK = re.compile(r'\]\((?![a-z]+:|/|#)([\w.-]+)\.ipynb(#[^)\s]*)?\)')

def notebook_links(md:str, url) -> str:
    """Markdown links between notebooks (`[the trust chapter](16_trust.ipynb#anchor)`, which work in Jupyter and on
    GitHub) pointed at `url(stem)`: the page on the site (`../16_trust/`) or the notebook from the README."""
    return _NB_LINK.sub(lambda m: f']({url(m.group(1))}{m.group(2) or ""})', md)

def site_url(stem:str, page:str) -> str:
    "The URL of the page of notebook `stem` relative to the page of notebook `page` (directory URLs; index at /)."
    return (('' if page == 'index' else '../') + ('' if stem == 'index' else f'{stem}/')) or './'

_TITLE = re.compile(r"""(?:set_title|suptitle|title)\s*(?:=|\()\s*(['"])([^'"{}]+)\1""")

def plain_text(s:str) -> str:
    "Text for an alternative text: TeX and code marks removed (`$\\mathcal M^K(R)$` -> `M^K(R)`, `` `metric` `` -> `metric`)."
    return re.sub(r'\s+', ' ', re.sub(r'\\[A-Za-z]+\s*|[$`{}]', '', s)).strip()

def figure_alt(src:str, section:str, lookup=None, given:str=None) -> str:
    """The alternative text of a code cell's figure: the cell's own `#| fig-alt:` (Quarto's cell option, `given`);
    else the first literal title its code sets (`ax.set_title('...')`, `suptitle`, `title=`); else the first line of
    the docstring of a function that `lookup` (name -> object) knows and the cell calls (in its last statement, else
    one named `plot...`); else the title of the section it illustrates."""
    if given: return plain_text(given)
    m = _TITLE.search(src)
    if m: return m.group(2).strip()
    try: body = ast.parse(src).body
    except SyntaxError: body = []
    calls = [n.func.id for n in ast.walk(ast.Module(body=body[-1:], type_ignores=[])) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name)] + [n.func.id for n in ast.walk(ast.Module(body=body, type_ignores=[]))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id.startswith('plot')]
    for name in calls if lookup else []:
        doc = (getattr(lookup(name), '__doc__', None) or '').strip()
        if doc: return plain_text(doc.splitlines()[0])
    return f'Figure: {plain_text(section)}'

def page_markdown(nb) -> str:
    "A processed page as plain markdown: prose, code in Python blocks, text outputs in plain blocks (no images)."
    parts = []
    for c in nb.cells:
        if c.cell_type == 'markdown': parts.append(c.source.strip()); continue
        if c.cell_type != 'code': continue
        if c.source.strip(): parts.append(f'```python\n{c.source.strip()}\n```')
        for o in c.get('outputs', []):
            txt = o.get('text') if o.output_type == 'stream' else o.get('data', {}).get('text/plain')
            if txt: parts.append('```\n' + ''.join(txt).rstrip() + '\n```')
    return '\n\n'.join(p for p in parts if p) + '\n'

def write_doc_links(pages:dict, out=OUT):
    """What the modules' "Docs:" links name: nbdev writes `<doc_url>/<page>.html.md` (`nbpath2html`: the notebook's
    name without its number), and this site serves the chapter at `18_translate/`. For each notebook write the
    page's markdown at `translate.html.md` and a redirect `translate.html` to the rendered page."""
    from nbdev.config import nbpath2html
    for stem, nb in pages.items():
        name = nbpath2html(Path(stem + '.ipynb')).name
        (out / f'{name}.md').write_text(f'<!-- The page {stem}/ of this site as markdown. -->\n\n' + page_markdown(nb))
        if stem != 'index' and not (out / name).exists():
            (out / name).write_text(f'<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" '
                                    f'content="0; url={stem}/"><a href="{stem}/">{stem}</a>\n')

def api_markdown(module, name):
    md = show_doc(getattr(module, name))._repr_markdown_()
    md = re.sub(r'\[source\]\([^)]*\)\{[^}]*\}\n*', '', md)   # Quarto-only link attributes
    # the Parameters and Returns sections that the package adds to docstrings for help(): the signature above shows them
    return md.split('\n\nParameters\n----------\n')[0].rstrip() + '\n'

def imports_only(src):
    "True for a cell of nothing but import statements (a module's header: hidden from the page, kept in the module)."
    try: body = ast.parse(src).body
    except SyntaxError: return False
    return bool(body) and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body)

def process(nb_path):
    nb = nbformat.read(nb_path, as_version=4)
    exp = next((directives(c).get('default_exp') for c in nb.cells if c.cell_type == 'code' and 'default_exp' in directives(c)), None)
    module = __import__(f'samplerank.{exp}', fromlist=['*']) if exp else None
    cells, titles = [], chapter_titles() if nb_path.stem == 'index' else None
    stems, page, section = chapter_stems(), nb_path.stem, nb_path.stem
    for c in nb.cells:
        if c.cell_type == 'markdown':
            c = copy.deepcopy(c)
            if titles: c.source = number_chapters(c.source, titles, lambda k: site_url(stems[k], page))
            c.source = notebook_links(c.source, lambda stem: site_url(stem, page))
            section = ([m.group(1).replace('`', '') for m in re.finditer(r'^#+\s+(.*)$', c.source, re.M)] or [section])[-1]
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
        for o in c.get('outputs', []):
            if {'image/png', 'image/jpeg'} & set(o.get('data', {})):
                o.setdefault('metadata', {})['alt'] = figure_alt(c.source, section, lambda name: getattr(module, name, None),
                                                                 d.get('fig-alt'))
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
/* A wide table of a cell's output scrolls sideways inside its output area instead of being cut off at the page's edge. */
.jp-OutputArea-output { overflow-x: auto; max-width: 100%; }
.jp-RenderedHTMLCommon table, .jp-OutputArea-output table { max-width: none; }
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
    nav, pages = [], {}
    for p in sorted(SRC.glob('*.ipynb')):
        if p.name.startswith('_'): continue
        nb = pages[p.stem] = process(p)
        nbformat.write(nb, STAGE / 'docs' / p.name)
        title = next((re.match(r'#\s+(.*)', c.source).group(1) for c in nb.cells
                      if c.cell_type == 'markdown' and re.match(r'#\s+', c.source)), p.stem)
        nav.append({('Home' if p.stem == 'index' else title): p.name})
    first = {'index.ipynb': 0, 'get_started.ipynb': 1}      # the index, then the get-started page, then the chapters
    nav.sort(key=lambda d: (first.get(list(d.values())[0], 2), list(d.values())[0] == 'contributing.ipynb'))
    copy_mathjax(STAGE / 'docs' / 'assets')
    cfg = (ROOT / 'mkdocs.yml').read_text() + f'\nhooks:\n  - {ROOT / "tools" / "mkdocs_hooks.py"}\n'
    cfg += '\nnav:\n' + ''.join(f'  - "{k}": {v}\n' for d in nav for k, v in d.items())
    (STAGE / 'mkdocs.yml').write_text(cfg)
    shutil.rmtree(OUT, ignore_errors=True)
    subprocess.run([sys.executable, '-m', 'mkdocs', 'build', '--quiet', '-f', str(STAGE / 'mkdocs.yml'),
                    '-d', str(OUT)], check=True, cwd=STAGE, env={**os.environ, 'NO_MKDOCS_2_WARNING': '1'})
    if not (OUT / 'index.html').exists(): sys.exit('docs build failed: _docs/index.html is missing')
    write_doc_links(pages)
    print(f'docs: {len(nav)} pages in {OUT.relative_to(ROOT)}/')

if __name__ == '__main__': main()
