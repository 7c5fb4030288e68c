package dev.widefeed.api;

public record RelationshipView(boolean following, boolean followedBy) {}
