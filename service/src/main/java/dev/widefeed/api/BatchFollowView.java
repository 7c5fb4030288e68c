package dev.widefeed.api;

public record BatchFollowView(int followed) {}
