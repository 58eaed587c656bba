"""Write README.md from nbs/index.ipynb (offline replacement for `nbdev-readme`, which needs Quarto).

Markdown cells are copied, code cells become Python blocks and their text outputs plain blocks; hidden cells and
nbdev directives are dropped; the list of chapters is numbered as their files are and each
item links its notebook (`build_docs.number_chapters`), as do links between notebooks (`build_docs.notebook_links`).
`--check` exits 1 when README.md differs from what the notebook gives.
"""
import sys
from pathlib import Path
import nbformat
sys.path.insert(0, str(Path(__file__).parent))
from build_docs import chapter_stems, chapter_titles, directives, notebook_links, number_chapters, strip_directives

ROOT = Path(__file__).resolve().parents[1]

def render(nb):
    titles, stems = chapter_titles(), chapter_stems()
    to_nb = lambda stem: f'nbs/{stem}.ipynb'        # links from the README open the notebooks (GitHub renders them)
    parts = ['<!-- Generated from nbs/index.ipynb by tools/build_readme.py: edit the notebook, not this file. -->']
    for c in nb.cells:
        if c.cell_type == 'markdown':
            if 'hide' in directives(c): continue
            md = number_chapters(strip_directives(c.source).strip(), titles, lambda k: to_nb(stems[k]))
            parts.append(notebook_links(md, to_nb))
            continue
        if c.cell_type != 'code': continue
        d = directives(c)
        if 'hide' in d or 'default_exp' in d: continue
        src = strip_directives(c.source).strip()
        if src: parts.append(f'```python\n{src}\n```')
        for o in c.get('outputs', []):
            txt = o.get('text') if o.output_type == 'stream' else o.get('data', {}).get('text/plain')
            if txt: parts.append('```\n' + ''.join(txt).rstrip() + '\n```')
    return '\n\n'.join(parts) + '\n'

def main():
    text = render(nbformat.read(ROOT / 'nbs' / 'index.ipynb', as_version=4))
    readme = ROOT / 'README.md'
    if '--check' in sys.argv:
        if not readme.exists() or readme.read_text() != text:
            sys.exit('README.md is stale: run `python tools/build_readme.py` and commit it')
        return
    readme.write_text(text)

if __name__ == '__main__': main()
