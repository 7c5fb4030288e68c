package dev.widefeed.directory;

import java.util.Collection;
import java.util.List;
import java.util.Map;
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

    /** Which of the entries are in their listings; all read at once. */
    Set<DirectoryEntry> listedAmong(Collection<DirectoryEntry> entries);

    /** Puts the entries in their listings, all at once. Idempotent. */
    void list(Collection<DirectoryEntry> entries);

    /** Takes the entry out of its listing. Idempotent. */
    void unlist(DirectoryEntry entry);

    /** How many entries each listing holds, as counted by {@link #addToListingSizes}: near, not exact; read at once. */
    Map<String, Long> listingSizes(Collection<String> prefixes);

    /** Adds each delta to its listing's size, all at once. Not idempotent. */
    void addToListingSizes(Map<String, Long> deltas);

    /** Where the user may be listed: recorded before each entry is written, forgotten after it is taken out. */
    Set<NameTerms.Listed> listingsOf(long userId);

    /** Records that the user may be listed at these. Idempotent. */
    void recordListings(long userId, Collection<NameTerms.Listed> listed);

    /** Forgets these of the user's recorded listings. Idempotent. */
    void forgetListings(long userId, Collection<NameTerms.Listed> listed);
}
