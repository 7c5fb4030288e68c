package dev.widefeed.graph;

/** Whether a follows b, and whether b follows a. */
public record Relationship(boolean following, boolean followedBy) {}
