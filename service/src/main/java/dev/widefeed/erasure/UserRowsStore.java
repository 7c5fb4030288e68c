package dev.widefeed.erasure;

/**
 * The rows keyed by one user that an erasure's other steps leave behind once they have undone everything that moves
 * someone else's data (docs/design.md, "Account deletion"): the user's home inbox and its state, how their posts are
 * delivered, their notifications and read marker, the lists of their mentions, and what is left of their own lists
 * (emptied follow, like, post, comment, vote and group lists, their bucket directories and counts). Deleting them
 * moves no other user's data; the erasure's last step before the profile.
 */
public interface UserRowsStore {
    /** Deletes every such row of the user. Idempotent. */
    void forget(long userId);
}
