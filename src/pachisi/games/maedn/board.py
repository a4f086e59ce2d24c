"""The Mensch ärgere Dich nicht board: an 11x11 grid, arms 4 fields long and 3 wide round an unused
centre, a 40-field track round the arms, each seat's goal fields a-d up the middle of its arm and its
four B fields in the corner before its A field (the start).

Seat 0 starts on its A field (4, 0), the left arm's upper row, and moves clockwise on screen: along
the arm to (4, 4), up to (0, 4), over the tip to (0, 6), seat 1's A field.  Seat s+1 is seat s turned a
quarter clockwise.  Global track index g counts from seat 0's A field; a seat's own A field is
g = 10 * seat.  (The layout of SecUSo's privacy-friendly-ludo and of OpenSpiel's board.)"""
from dataclasses import dataclass
from functools import cached_property

from ..boards.geometry import ClockwiseBoard


@dataclass(frozen=True)
class ArmTrack(ClockwiseBoard):
    """A cross of arms `arm` long and 3 wide whose track runs round the arms, 2 * arm + 2 squares a
    quarter: a seat's start, `arm` squares along its arm toward the centre, `arm` out along the next arm
    and that arm's tip.  Drawn for seat 0 on the left arm's upper row, turned `first` quarters clockwise.
    A seat's goal (its lane) is `arm` squares long."""
    arm: int = 4
    first: int = 0

    @property
    def size(self):
        return 2 * self.arm + 3

    @property
    def quarter(self):
        return 2 * self.arm + 2

    @property
    def lane_cells(self):
        return self.arm

    @cached_property
    def track(self):
        """Screen cell of every global track index, seat 0's start first."""
        a = self.arm
        quarter = [(a, i) for i in range(a + 1)]           # the start, then along the arm toward the centre
        quarter += [(a - 1 - i, a) for i in range(a)]      # out along the next arm
        quarter += [(0, a + 1)]                            # its tip
        return tuple(self.rotate(rc, q + self.first) for q in range(4) for rc in quarter)

    def starts(self):
        return tuple(q * self.quarter for q in range(4))


@dataclass(frozen=True)
class MaednBoard(ArmTrack):
    arm: int = 4

    def lane(self, seat):
        """A seat's goal fields a-d, from the track inward."""
        return tuple(self.rotate((5, 1 + i), seat) for i in range(self.lane_cells))

    def centre(self):
        return ((5, 5),)

    def yard(self, seat):
        """The four B fields of a seat, 2x2 in the middle of the corner before its A field."""
        return tuple(self.rotate(rc, seat) for rc in ((1, 1), (1, 2), (2, 1), (2, 2)))

    def yard_area(self, seat):
        """The corner of a seat's B fields, the 4x4 beside its arm: (row, col, height, width)."""
        return self.rotate_rect(0, 0, 3, 3, seat)

    def centre_area(self):
        return 5, 5, 1, 1


@dataclass(frozen=True)
class ChevauxBoard(ArmTrack):
    """The Petits chevaux board: the long cross (arms 6 fields long and 3 wide round a 3x3 centre, a
    15x15 grid) seen in a mirror, so that the horses run clockwise.  Its 56 track squares are 14 a
    quarter: the first square after a seat's tip (its start), 6 along the arm toward the centre, the
    inner corner, 6 out along the next arm, and that arm's tip.  A seat's ladder is the middle column
    of its arm, steps 1 to 6 from the tip inward, and the centre (7, 7) is every seat's goal.

    Seat 0 is the bottom arm: its start is (14, 6), left of its tip (14, 7); its tip is its place 55,
    "la case devant l'escalier".  Seat s+1 is seat s turned a quarter clockwise.  Global track index
    g counts from seat 0's start; a seat's own start is g = 14 * seat."""
    arm: int = 6
    first: int = -1                  # seat 0 is the bottom arm: the left one turned a quarter back

    def lane(self, seat):
        """A seat's ladder, steps 1 to 6 from its tip inward."""
        return tuple(self.rotate((13 - i, 7), seat) for i in range(self.lane_cells))

    def centre(self):
        return ((7, 7),)

    def yard(self, seat):
        """A seat's stable: four squares, 2x2 in the middle of the corner beside its start."""
        return tuple(self.rotate(rc, seat) for rc in ((11, 2), (11, 3), (12, 2), (12, 3)))

    def yard_area(self, seat):
        """The corner of a seat's stable, the 6x6 beside its arm: (row, col, height, width)."""
        return self.rotate_rect(9, 0, 14, 5, seat)

    def centre_area(self):
        return 7, 7, 1, 1
