"""English dates as the pages always wrote them, day first: "25 Nov 2026"."""

DATE_FORMAT = "j M Y"
