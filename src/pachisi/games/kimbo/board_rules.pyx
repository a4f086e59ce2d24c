# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The Kimbo grid's compiled searches (grid_rules.pxd), and their constants
and distances for Python (grid.py exposes them as grid.distances etc.)."""


def py_distances(const i64[::1] walls, const i64[:, ::1] nb, i64[::1] dist, i64[::1] queue):
    """Steps from the centre to every node through open lines (UNREACHABLE if
    none) into dist; walls: the state's wall masks, nb: the neighbour table
    (NODES x 4); queue: scratch.  Returns the count of reachable nodes."""
    if walls.shape[0] < NODES or nb.shape[0] != NODES or nb.shape[1] != 4 \
            or dist.shape[0] < NODES or queue.shape[0] < NODES:
        raise ValueError("distances takes NODES wall masks, a NODES x 4 table and two NODES buffers")
    return distances(&walls[0], &nb[0, 0], &dist[0], &queue[0])
