"The report a researcher reads: its prose (sentence lengths, headers), its bottom line, and tables.tex compiling."
import re, shutil, subprocess
from pathlib import Path
import numpy as np
import pytest
from samplerank.mle import simulate_global_ranks
from samplerank.sampling import sample_ranks_shared
from samplerank.report import report_results, report_markdown, latex_tables

def _report(N:int, models:dict, **options):
    "The report of simulated models (name -> (median global rank, seed)) of 600 users at n = 100, 20 replicates."
    R = {k: simulate_global_ranks(N, 600, median=median, seed=seed) for k, (median, seed) in models.items()}
    return report_results(sample_ranks_shared(R, N, 100, seed=0), N, 100, n_boot=20, **options)

@pytest.fixture(scope='module')
def res():
    "A planned report of three simulated models (two near-tied, one far behind), named as a paper would, cheap: 20 bootstrap replicates."
    return _report(3706, {'Popularity': (150, 3), 'ItemKNN': (44, 2), 'EASE': (40, 1)})

def prose(md:str) -> list[str]:
    "The sentences of a Markdown report: its text and list items, without headings, tables and images."
    lines = [l.strip() for l in md.splitlines()]
    text = [re.sub(r'^- ', '', l) for l in lines if l and not l.startswith(('#', '|', '!['))]
    return [s for l in text for s in re.split(r'(?<=[.!?])\s+(?=[A-Z`*])', l) if s.strip()]

def test_sentences_are_short(res):
    words = np.array([len(s.split()) for s in prose(report_markdown(res))])
    assert len(words) > 20
    assert np.percentile(words, 90) <= 35 and words.max() <= 60, sorted(words)[-5:]

def test_no_snake_case_headers(res):
    headers = [c.strip() for l in report_markdown(res).splitlines() if l.startswith('| ') for c in l.strip('|').split('|')]
    assert headers and not [h for h in headers if re.fullmatch(r'[a-z]+(_[a-z]+)+', h)]

def test_bottom_line_names_the_better_model_first(res):
    lines = [l for l in report_markdown(res).splitlines() if l.strip() and not l.startswith('#')][:12]
    assert any(l.startswith('- ndcg@10: EASE has the highest estimate') for l in lines)
    assert any('they cannot separate it from ItemKNN' in l for l in lines)

def test_prose_splits_sentences():
    assert prose('# T\n\n| x_y |\n- One two. Three four 0.5 pp.\nFive.') == ['One two.', 'Three four 0.5 pp.', 'Five.']

@pytest.fixture(scope='module')
def res_assumed():
    "A report whose decisions are labelled by the assumption they need, with a long model name: the widest tables."
    return _report(1000, {'Popularity': (2, 1), 'ItemKNN-long-name': (100, 2), 'EASE': (30, 3)}, assumptions=True)

@pytest.mark.skipif(shutil.which('pdflatex') is None, reason='pdflatex not installed')
@pytest.mark.parametrize('which', ['res', 'res_assumed'])
def test_tables_compile(which, request, tmp_path):
    (tmp_path / 'tables.tex').write_text(latex_tables(request.getfixturevalue(which)))
    (tmp_path / 'doc.tex').write_text('\\documentclass{article}\\usepackage{booktabs}\n\\begin{document}\n'
                                      '\\input{tables.tex}\n\\end{document}\n')
    subprocess.run(['pdflatex', '-interaction=nonstopmode', '-halt-on-error', 'doc.tex'], cwd=tmp_path,
                   capture_output=True, timeout=120)
    log = (tmp_path / 'doc.log').read_text(errors='replace')
    assert not re.search(r'^! ', log, re.M), log[-2000:]
    over = [float(x) for x in re.findall(r'Overfull \\hbox \(([\d.]+)pt', log)]
    assert all(x <= 5 for x in over), over
    assert (tmp_path / 'doc.pdf').exists()

def test_one_format_per_quantity(res):
    "Every pp of the text and the tables with one number of decimals, every percentage too; no '*' (the demo's mark)."
    md = report_markdown(res)
    pp = {len(d) for d in re.findall(r'\d\.(\d+) pp\b', md)}
    table = [l.split('|')[4] for l in md.splitlines() if l.startswith('| ndcg@10 |') or l.startswith('| recall@10 |')]
    pp |= {len(d) for c in table for d in re.findall(r'\d\.(\d+)', c)}
    assert len(pp) == 1 and '*' not in md, (pp, md.count('*'))

def test_legends_are_lists(res):
    "The plan's legend and the decision rule: one short list item each, not a paragraph."
    md = report_markdown(res)
    assert '\n- `needs n`: ' in md and '\n- `unknown`: ' in md and '\n- the data decide the difference' in md
