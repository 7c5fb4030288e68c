package dev.widefeed.audience;

import java.time.Instant;

/** A named set of users (docs/design.md, Audiences) kept by its owner, who is always one of its members. */
public record Group(long id, String name, long ownerId, Instant createdAt) {}
