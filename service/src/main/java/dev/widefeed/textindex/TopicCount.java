package dev.widefeed.textindex;

/** How many posts named a topic within a window. */
public record TopicCount(String topic, long posts) {}
