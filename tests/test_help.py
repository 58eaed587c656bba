"""help() explains: each public function's docstring lists its parameters with the comments of its signature."""
import inspect, re
import pytest
import samplerank as sr

def documented(f) -> tuple:
    "(parameters whose name heads an explained entry of the docstring's Parameters section, all parameters)."
    doc = f.__doc__ or ''
    assert '\nParameters\n----------\n' in doc, f.__name__
    section = doc.split('\nParameters\n----------\n', 1)[1].split('\n\nReturns\n-------\n')[0]
    names = list(inspect.signature(f).parameters)
    explained = {m.group(1) for m in re.finditer(r'^\**(\w+)(?: : [^\n]+)?\n    \S', section, re.M)}
    return [p for p in names if p in explained], names

@pytest.mark.parametrize('name', ['evaluate_scorers', 'evaluate_models', 'compare_models', 'estimate_intervals'])
def test_help_explains_most_parameters(name):
    f = getattr(sr, name)
    done, names = documented(f)
    assert len(done) >= 0.75 * len(names), (name, sorted(set(names) - set(done)))
    assert '\nReturns\n-------\n' in f.__doc__

def test_every_public_function_lists_its_parameters():
    "Every public function's help lists all its parameters (explained where its signature has a comment)."
    fs = [getattr(sr, k) for k in sr.__all__ if inspect.isfunction(getattr(sr, k))]
    assert len(fs) > 100
    for f in fs:
        section = f.__doc__.split('\nParameters\n----------\n', 1)[1] if inspect.signature(f).parameters else ''
        for p in inspect.signature(f).parameters.values():
            assert re.search(rf'^\**{p.name}\b', section, re.M), (f.__name__, p.name)

def test_evaluate_scorers_states_the_contract():
    doc = sr.evaluate_scorers.__doc__
    assert '`scorer(users, items)`' in doc and '(b,) int64 array of user indices' in doc and 'higher is better' in doc
    assert '`budget` is the number of candidates scored, summed over all models' in doc
