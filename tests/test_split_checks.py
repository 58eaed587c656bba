"""`Split` validates its fields when made; the splits offer `drop_unseen`; `load_interactions` keeps the time column."""
import warnings
import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
from samplerank.data import Split, leave_one_out, temporal_holdout, load_interactions

X = np.array([[1, 0, 1, 0], [0, 0, 0, 1]])
H = np.array([[0, 1, 0, 0], [1, 0, 1, 0]])

def test_dense_arrays_are_converted():
    s = Split(X, H, np.array([0, 1, 1]), np.array([1, 0, 2]))
    assert sp.issparse(s.train) and sp.issparse(s.held_out)
    assert s.pool_sizes.tolist() == [2, 2, 2] and s.n_items == 4

@pytest.mark.parametrize('users,items,msg', [
    ([0, 1], [1, 3], "test_items: instance 1: item 3 of user 1 is in the user's training row"),
    ([0, 1], [1, 4], r'test_items must lie in 0\.\.3'),
    ([0, 1], [1, -1], r'test_items must lie in 0\.\.3'),
    ([0, 2], [1, 0], r'test_users must lie in 0\.\.1'),
    ([0, 1], [1, 1], "not among the user's held-out interactions"),
])
def test_bad_instances_refused_naming_the_field(users, items, msg):
    with pytest.raises(ValueError, match=msg):
        Split(sp.csr_matrix(X), sp.csr_matrix(H), np.array(users), np.array(items))

def test_bad_matrices_refused_naming_the_field():
    with pytest.raises(ValueError, match='held_out must have the shape of train'):
        Split(sp.csr_matrix(X), sp.csr_matrix(H[:, :3]), np.array([0]), np.array([1]))
    with pytest.raises(ValueError, match='train must be a users x items matrix'):
        Split('train', sp.csr_matrix(H), np.array([0]), np.array([1]))

FRAME = pd.DataFrame({'user': [0, 0, 0, 1, 1], 'item': [0, 1, 3, 2, 0], 'timestamp': [1, 2, 3, 1, 2]})

def test_items_seen_only_in_test_kept_by_default_dropped_on_request():
    keep = leave_one_out(FRAME)                                     # item 3: held out only
    assert keep.n_items == 4 and keep.test_items.tolist() == [3, 0] and keep.pool_sizes.tolist() == [2, 3]
    drop = leave_one_out(FRAME, drop_unseen=True)
    assert drop.n_items == 3 and drop.test_users.tolist() == [1] and drop.test_items.tolist() == [0]
    assert drop.pool_sizes.tolist() == [2]
    assert temporal_holdout(FRAME, 0.4, drop_unseen=True).n_items == 3

def test_repeated_pair_is_not_both_held_out_and_trained():
    s = leave_one_out(pd.DataFrame({'user': [0, 0, 0], 'item': [5, 1, 5], 'timestamp': [1, 2, 3]}))
    assert s.test_items.tolist() == [5] and s.train.indices.tolist() == [1]

def test_time_column_kept_and_its_absence_said(tmp_path):
    p = tmp_path / 'x.csv'
    p.write_text('uid,iid,timestamp\nu1,b,1\nu1,a,2\nu2,a,1\n')
    df = load_interactions(p, user='uid', item='iid')              # found by its name
    assert df.timestamp.tolist() == [1, 2, 1]
    assert leave_one_out(df).test_items.tolist() == [0]             # the latest ('a'), not the largest id ('b')
    q = tmp_path / 'y.csv'
    q.write_text('uid,iid,when\nu1,b,1\nu1,a,2\n')
    assert load_interactions(q, user='uid', item='iid', time='when').timestamp.tolist() == [1, 2]
    with pytest.warns(UserWarning, match='no time column'):
        load_interactions(q, user='uid', item='iid')
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert 'timestamp' not in load_interactions(q, user='uid', item='iid', time=False)
