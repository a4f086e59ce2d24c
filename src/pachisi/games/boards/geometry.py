"""What every square board shares: its four seats' quarters are the same cells
turned a quarter at a time."""


def quarter_turn(rc, size, times=1):
    """Turn a cell of a size x size board 90 degrees counter-clockwise on screen,
    `times` times (negative: clockwise)."""
    r, c = rc
    for _ in range(times % 4):
        r, c = size - 1 - c, r
    return r, c


class SquareBoard:
    """A board whose seats' cells are seat 0's turned; `turn` is the direction
    from one seat to the next (1: counter-clockwise, -1: clockwise)."""
    turn = 1
    placement = None      # drawn as its grid

    def rotate(self, rc, times=1):
        """Turn a cell a quarter toward the next seat, `times` times."""
        return quarter_turn(rc, self.size, self.turn * times)

    def rotate_rect(self, r0, c0, r1, c1, times=1):
        """The rectangle rows r0..r1, cols c0..c1 turned `times` quarters: (row, col, height, width)."""
        a, b = self.rotate((r0, c0), times), self.rotate((r1, c1), times)
        return min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1


class ClockwiseBoard(SquareBoard):
    """A cross board whose track runs clockwise, `quarter` squares from one seat's start to the next's
    (each seat's cells are the previous seat's turned a quarter clockwise)."""
    turn = -1

    @property
    def circle(self):
        return 4 * self.quarter

