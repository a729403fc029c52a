"""The venue on the LAN (赛场局域网): pages for phones and the projector, JSON, and result
entry from the hall, over an open event. Only the `serve` command and the window's switch
import this package; it calls the services only."""
