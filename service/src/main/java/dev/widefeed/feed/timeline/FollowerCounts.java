package dev.widefeed.feed.timeline;

/**
 * How many followers an author has, as the service shows it: the stored counter with the changes this instance made
 * that have not landed yet ({@code UserService#counts}). Counter updates are applied off the request, so the store
 * alone can lag a follow by the time an update takes, and a fan-out planned in that moment would count too few.
 */
@FunctionalInterface
public interface FollowerCounts {
    long followers(long authorId);
}
