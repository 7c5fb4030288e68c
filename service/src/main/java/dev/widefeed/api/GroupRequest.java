package dev.widefeed.api;

/** A new group; the name's rules (1..30 characters, no control characters) are the domain's. */
public record GroupRequest(String name) {}
