package dev.widefeed.notification;

import java.time.Instant;

/** A user who did what a group tells of, and when. */
public record NotifiedActor(long userId, Instant at) {}
