package dev.widefeed.directory;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The directory of people by the words of their handles and names (docs/design.md, "Finding people"): listings keyed
 * by a prefix, each holding the words that begin with it and their users, in word then user order; an approximate size
 * per listing, which caps it; and what each user is listed under, so a rename can take the old words out. Written by
 * {@link NameDirectory}, one worker per user at a time.
 */
public interface DirectoryStore {
    /**
     * The listing's entries whose word begins with {@code wordPrefix} (which begins with {@code prefix}), after
     * {@code after}, by word then user; at most {@code limit}. One range read.
     */
    List<DirectoryEntry> listed(String prefix, String wordPrefix, Optional<DirectoryEntry> after, int limit);

    /** Whether the entry is in its listing. */
    boolean isListed(DirectoryEntry entry);

    /** Puts the entry in its listing. Idempotent. */
    void list(DirectoryEntry entry);

    /** Takes the entry out of its listing. Idempotent. */
    void unlist(DirectoryEntry entry);

    /** How many entries the listing holds, as counted by {@link #addToListingSize}: near, not exact. */
    long listingSize(String prefix);

    /** Adds {@code delta} to the listing's size. Not idempotent. */
    void addToListingSize(String prefix, long delta);

    /** Where the user may be listed: recorded before each entry is written, forgotten after it is taken out. */
    Set<NameTerms.Listed> listingsOf(long userId);

    /** Records that the user may be listed at these. Idempotent. */
    void recordListings(long userId, Collection<NameTerms.Listed> listed);

    /** Forgets these of the user's recorded listings. Idempotent. */
    void forgetListings(long userId, Collection<NameTerms.Listed> listed);
}
