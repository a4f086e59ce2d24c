"""A room's WebSocket clients as the server holds them: each one's queue of messages to send, its buckets
and its language; the protocol (protocol.py) reads into a Connection and the room pushes to it."""
import asyncio

from .limits import Bucket


class Connection:
    """One WebSocket client of a room: a spectator, or the holder of some seats."""

    def __init__(self, settings):
        self.queue = asyncio.Queue(maxsize=settings.send_queue)
        self.token_hash = None
        self.players = []
        self.host = False
        self.bucket = Bucket(settings.rate, settings.burst)
        # a seat's connections share its seat's buckets (limits.Limits.admit); these are a spectator's
        self.chat_bucket = Bucket(settings.chat_rate, settings.chat_burst)
        self.act_bucket = Bucket(settings.rate, settings.burst)
        self.release = lambda: None     # gives back what Limits.admit counted
        self.strikes = 0
        self.closed = False
        self.close_code = None      # set by end(): the code the socket is closed with
        self.lang = "en"            # the language of its refusals, as its hello says
        self.speed = "normal"       # the bot speed its player chose (table.SPEEDS)

    def push(self, text):
        """Queue a message; a client too slow to keep up is dropped."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True

    def end(self, code=1012):
        """Close the connection with `code` after what is queued (1012: the client reconnects, and finds
        the room wherever it is served now)."""
        if self.closed:
            return
        self.closed, self.close_code = True, code
        while True:
            try:
                self.queue.put_nowait(None)         # the send loop closes the socket when it comes to it
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()
