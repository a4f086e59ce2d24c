# The compiled searches over the Kimbo grid (grid.py holds its geometry and
# tables): distances from the centre through open lines, and the depth-first
# search that says which line, once closed, cuts needed squares off from it.
# walls: per node the bit mask of its closed sides (st + WALL); nb: the
# neighbour table flattened, nb[v * 4 + d] the node beyond side d of v.
from pachisi.engine.kernel cimport i64

cpdef enum:
    SIZE = 15                   # squares a side
    NODES = SIZE * SIZE
    CENTRE = 7 * SIZE + 7       # the 3x3 centre is one node, its middle square
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3
    UNREACHABLE = 99


cdef inline i64 distances(const i64* walls, const i64* nb, i64* dist, i64* queue) noexcept nogil:
    """Steps from the centre to every node through open lines (UNREACHABLE if none)."""
    cdef i64 head = 0, tail = 1, v, w, m, d
    for v in range(NODES):
        dist[v] = UNREACHABLE
    dist[CENTRE] = 0
    queue[0] = CENTRE
    while head < tail:
        v = queue[head]
        head += 1
        m = walls[v]
        for d in range(4):
            if not (m >> d) & 1:
                w = nb[v * 4 + d]
                if dist[w] == UNREACHABLE:
                    dist[w] = dist[v] + 1
                    queue[tail] = w
                    tail += 1
    return tail


cdef inline void cut_search(const i64* walls, const i64* nb, const i64* need, i64* disc, i64* low, i64* parent,
                            i64* last, i64* below, i64* stack) noexcept nogil:
    """Depth-first search from the centre through open lines, for the question
    "which line, once closed, cuts a needed node off from the centre?".

    Fills disc (visit order, -1 if unreachable), low (low-link), parent,
    last (the subtree of v is the visit orders disc[v] .. last[v]) and
    below[v] = needed nodes in v's subtree."""
    cdef i64 top = 0, t = 0, v, d, w, p
    for v in range(NODES):
        disc[v] = -1
    stack[0] = CENTRE * 5
    disc[CENTRE] = 0
    low[CENTRE] = 0
    parent[CENTRE] = -1
    below[CENTRE] = need[CENTRE]
    while top >= 0:
        v = stack[top] // 5
        d = stack[top] - 5 * v
        if d < 4:
            stack[top] += 1
            if (walls[v] >> d) & 1:
                continue
            w = nb[v * 4 + d]
            if disc[w] < 0:
                t += 1
                disc[w] = t
                low[w] = t
                parent[w] = v
                below[w] = need[w]
                top += 1
                stack[top] = w * 5
            elif w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
        else:
            top -= 1
            last[v] = t
            p = parent[v]
            if p >= 0:
                if low[v] < low[p]:
                    low[p] = low[v]
                below[p] += below[v]


cdef inline i64 cut_child(i64 u, i64 v, const i64* disc, const i64* low, const i64* parent,
                          const i64* below) noexcept nogil:
    """After cut_search: the node whose subtree closing the open line u-v
    cuts off from the centre, if that subtree holds a needed node; else -1."""
    cdef i64 child, top
    if disc[u] < 0:
        return -1
    if parent[v] == u:
        child, top = v, u
    elif parent[u] == v:
        child, top = u, v
    else:
        child, top = -1, -1
    if child >= 0 and low[child] > disc[top] and below[child] > 0:
        return child
    return -1


cdef inline bint rejoins(i64 a, i64 b, i64 child, const i64* disc, const i64* last) noexcept nogil:
    """Would opening the line a-b join child's subtree to the rest of what
    reaches the centre (so that cutting it off no longer isolates it)?"""
    cdef bint ina = disc[a] >= disc[child] and disc[a] <= last[child]
    cdef bint inb = disc[b] >= disc[child] and disc[b] <= last[child]
    return (ina and not inb and disc[b] >= 0) or (inb and not ina and disc[a] >= 0)
