package dev.widefeed.api;

/** The body of a new post or repost; content and audience rules are the domain's (422). */
public record PostRequest(String content, AudienceView audience) {}
