"""The bench's table: operation, median and p99 (ms), the floor, the ratio, the target."""

from __future__ import annotations


def _cell(value, fmt: str) -> str:
    return "" if value is None else format(value, fmt)


def lines(rows: list[tuple]) -> list[str]:
    header = ("", "operation", "median ms", "p99 ms", "floor ms", "ratio", "target")
    body = [
        (
            "ok" if ok else "MISS",
            label,
            _cell(median, ".2f"),
            _cell(high, ".2f"),
            _cell(floor, ".2f"),
            _cell(ratio, ".2f"),
            target,
        )
        for label, median, high, floor, ratio, target, ok in rows
    ]
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    out = []
    for row in [header, *body]:
        cells = [
            cell.ljust(width) if i in (0, 1, 6) else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return out


def median_seconds(work, times: int) -> float:
    """The median wall time of ``work()`` over ``times`` runs, in seconds."""
    import statistics
    import time

    taken = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        taken.append(time.perf_counter() - start)
    return statistics.median(taken)


def median_page_ms(url: str, times: int = 20) -> float:
    """The median time the test client takes to serve ``url``, in milliseconds (it must answer
    200 first)."""
    from django.test import Client

    client = Client()
    assert client.get(url).status_code == 200, url
    return median_seconds(lambda: client.get(url), times) * 1000
