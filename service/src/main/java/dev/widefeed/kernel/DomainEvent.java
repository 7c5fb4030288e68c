package dev.widefeed.kernel;

/**
 * Something that happened in the domain: a post written, a like, a follow. Each feature declares
 * its own events as records in its own package, and {@link Events} hands them to whoever composed
 * a listener for them, so a feature tells others what happened without knowing who listens.
 */
public interface DomainEvent {}
