package dev.widefeed.feed.timeline;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each user's home timeline inbox: the entries fan-out pushed to them, newest first (post ids are
 * time-ordered, so "newest first" is "highest post id first"). An inbox is a cache of pointers,
 * not the truth: it is bounded by {@link #trim} and by each entry's TTL, and what falls out of it
 * is rebuilt by pulling from the authors' own lists.
 */
public interface TimelineStore {
    /**
     * Adds {@code entry} to the home timeline of every user in {@code userIds}. Entries are keyed by
     * (user, post id), so a redelivered push (a fan-out worker resuming after a crash) rewrites the
     * same entry instead of duplicating it. Each entry expires {@code ttl} after this push, so the
     * timelines of users who stop reading shrink by themselves without a delete. Many users go in
     * one call, with a bounded number of writes in flight, so one popular author's fan-out page
     * neither runs one round trip at a time nor floods the store.
     */
    void push(TimelineEntry entry, Collection<Long> userIds, Duration ttl);

    /**
     * Adds many entries to one user's home timeline (a returning reader's rebuild by pull, a
     * follow bringing the followee's recent posts), with bounded writes in flight. Idempotent.
     */
    void pushAll(long userId, Collection<TimelineEntry> entries, Duration ttl);

    /**
     * Removes one post from the home timeline of every user in {@code userIds}, where present (a
     * deleted post's retraction, a page of followers at a time), with bounded writes in flight.
     * Idempotent.
     */
    void retract(long postId, Collection<Long> userIds);

    /**
     * At most {@code limit} of the user's entries, newest first, with post ids strictly below
     * {@code beforePostId} when given: the cursor is the last post id a page showed, so pages
     * never overlap and entries pushed meanwhile (all newer) never shift an older page.
     */
    List<TimelineEntry> home(long userId, Optional<Long> beforePostId, int limit);

    /**
     * Removes the given posts from the user's timeline, where present (an unfollow removes the
     * followee's recent posts; a deleted post is removed from its readers' timelines). Idempotent.
     */
    void remove(long userId, Collection<Long> postIds);

    /**
     * Keeps only the user's {@code keep} newest entries, so a timeline that is pushed to faster than
     * its entries expire stays bounded; older history is the pull path's job, not the inbox's.
     * Idempotent; a timeline with fewer than {@code keep} entries is left alone.
     *
     * @return the id of the {@code keep}-th newest entry when there was one (every older entry is
     * gone now), empty when the timeline had fewer than {@code keep} entries
     */
    Optional<Long> trim(long userId, int keep);

    /**
     * One home page's inbox side in one request: the user's state, the authors they pull, and at most
     * {@code limit} entries below {@code beforePostId} (as {@link #home}).
     */
    HomeRead read(long userId, Optional<Long> beforePostId, int limit);

    /**
     * Sets {@code authorId}'s entry in the pulled authors of every user in {@code readers} to
     * {@code upTo} (the highest post id they pull: {@link HomeRead#ALL_POSTS} for every post), with
     * bounded writes in flight. Idempotent; the last write wins.
     */
    void pull(long authorId, long upTo, Collection<Long> readers);

    /** Takes these authors out of the user's pulled authors, where present. Idempotent. */
    void unpull(long userId, Collection<Long> authorIds);

    /** The user's home state, if the user ever read their home timeline. */
    Optional<HomeState> state(long userId);

    /** Saves the user's home state, replacing the previous one. */
    void saveState(long userId, HomeState state);

    /** Saves many users' home states at once, with bounded writes in flight (perf loads, scale tests). */
    void importStates(Map<Long, HomeState> states);
}
