"""Reading colours off a picture, for the pixel tests of every kind of picture."""

from __future__ import annotations

from PIL import Image

Pixel = tuple[int, int, int]


def rgb(image: Image.Image, point: tuple[float, float]) -> Pixel:
    value = image.getpixel((round(point[0]), round(point[1])))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def level(image: Image.Image, point: tuple[int, int]) -> float:
    """The value of a one-channel picture (an alpha channel, a grey picture) at `point`."""
    value = image.getpixel(point)
    assert isinstance(value, int | float), value
    return value


def darkest(image: Image.Image) -> float:
    """The lowest value of a one-channel picture."""
    low, _ = image.getextrema()
    assert isinstance(low, int | float), low
    return low


def close(a: Pixel, b: Pixel, tolerance: int = 30) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
