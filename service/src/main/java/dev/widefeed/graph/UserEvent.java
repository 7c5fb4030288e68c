package dev.widefeed.graph;

import dev.widefeed.kernel.DomainEvent;

/** What happened to a user's profile (docs/ARCHITECTURE.md, "Events"). */
public sealed interface UserEvent extends DomainEvent {
    long userId();

    /** The user was created, or their handle or name changed: what they are found by may have changed. */
    record ProfileChanged(long userId) implements UserEvent {}
}
