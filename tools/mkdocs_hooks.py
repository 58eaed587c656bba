"""mkdocs hooks of the documentation site (tools/build_docs.py names this file in the configuration it writes).

mkdocs-jupyter renders a notebook's headings with ids made from their full text, but builds the page's table of
contents from a copy of the notebook with inline code removed: a heading "The parser and `main`" has the id
`the-parser-and-main` and a contents entry that links `#the-parser-and`, and a heading that is all code gets a blank
entry linking `#_1`. Here the contents are rebuilt from the headings of the rendered page itself, so every entry
links an id the page has. Repeated ids get a suffix (`_1`, `_2`, ...), as Python-Markdown gives them.

The images of code outputs get their alternative text from the figure's title (build_docs stores it in the output's
metadata as `alt`), instead of nbconvert's "No description has been provided for this image".
"""
import html as _html, json, re
from mkdocs.structure.toc import get_toc

_HEADING = re.compile(r'<h([1-6])\b([^>]*)>(.*?)</h\1>', re.S | re.I)
_ID = re.compile(r'\bid="([^"]*)"')
_DEFAULT_ALT = 'alt="No description has been provided for this image"'

def heading_text(inner:str) -> str:
    "The text of a heading's inner HTML, without its anchor link (the pilcrow) and tags."
    inner = re.sub(r'<a\b[^>]*class="[^"]*anchor-link[^"]*"[^>]*>.*?</a>', '', inner, flags=re.S)
    return _html.unescape(re.sub(r'<[^>]+>', '', inner)).strip()

def unique_heading_ids(content:str) -> tuple:
    """(content, headings): each heading's id made unique on the page (a repeat gets `_1`, `_2`, ..., its anchor link
    follows), and the headings as (level, id, text) in page order."""
    seen, heads = set(), []
    def fix(m):
        level, attrs, inner = int(m.group(1)), m.group(2), m.group(3)
        mid = _ID.search(attrs)
        if mid is None: return m.group(0)
        hid = new = mid.group(1); k = 0
        while new in seen: k += 1; new = f'{hid}_{k}'
        seen.add(new)
        if new != hid:
            attrs = attrs.replace(f'id="{hid}"', f'id="{new}"')
            inner = inner.replace(f'href="#{hid}"', f'href="#{new}"')
        heads.append((level, new, heading_text(inner)))
        return f'<h{level}{attrs}>{inner}</h{level}>'
    return _HEADING.sub(fix, content), heads

def toc_tokens(heads:list) -> list:
    "Python-Markdown's nested toc tokens from (level, id, text) in page order."
    root, stack = [], []
    for level, hid, text in heads:
        tok = {'level': level, 'id': hid, 'name': _html.escape(text), 'children': []}
        while stack and stack[-1]['level'] >= level: stack.pop()
        (stack[-1]['children'] if stack else root).append(tok)
        stack.append(tok)
    return root

def image_alts(nb_path:str) -> list:
    "The alternative texts that build_docs stored for the notebook's image outputs, in page order."
    try: nb = json.loads(open(nb_path, encoding='utf-8').read())
    except (OSError, ValueError): return []
    return [o.get('metadata', {}).get('alt', '') for c in nb.get('cells', []) if c.get('cell_type') == 'code'
            for o in c.get('outputs', []) if {'image/png', 'image/jpeg'} & set(o.get('data', {}))]

def with_alts(content:str, alts:list) -> str:
    "nbconvert's placeholder alternative text replaced, image by image, by the figure titles."
    it = iter(alts)
    def alt(m):
        a = next(it, '') or 'A figure of this section'
        return f'alt="{_html.escape(a, quote=True)}"'
    return re.sub(re.escape(_DEFAULT_ALT), alt, content)

def on_page_content(html, page, config, files):
    html, heads = unique_heading_ids(html)
    if page.file.src_path.endswith('.ipynb'):
        page.toc = get_toc(toc_tokens(heads))
        html = with_alts(html, image_alts(page.file.abs_src_path))
    return html
