package dev.widefeed.api;

/** A profile change: each field given is set (a bio of "" clears it), each left out is kept. */
public record ProfileRequest(String name, String bio) {}
