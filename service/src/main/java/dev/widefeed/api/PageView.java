package dev.widefeed.api;

import java.util.List;

/** A page of a list: its items and the opaque cursor of the next page, null on the last. */
public record PageView<T>(List<T> items, String next) {}
