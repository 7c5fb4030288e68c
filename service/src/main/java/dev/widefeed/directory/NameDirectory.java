package dev.widefeed.directory;

import dev.widefeed.graph.User;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.DomainException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Finding people by the beginning of their handle or of a word of their name (docs/design.md, "Finding people"): a
 * query reads one listing, the one under the prefix of its longest word, a few bounded range reads; candidates are
 * confirmed against their profiles, so an entry a rename left behind until its relisting is never shown. Listings are
 * kept by {@link #relist}, run by the event log's worker after each change of a profile, one worker per user.
 */
public final class NameDirectory {
    /** The event log's entries that relist a user ({@code eventlog.GuardedWork}): after a change of their profile. */
    public static final String LOG_KIND = "relist-user";

    /** Entries a listing takes at most: a short prefix shared by very many people lists the first this many. */
    public static final int LISTING_CAP = 2_000;

    public static final int MAX_LIMIT = 40;
    /** Reads of a listing per query at most, when candidates turn out renamed or gone. */
    private static final int ROUNDS = 3;

    private final UserStore users;
    private final Function<Collection<Long>, Map<Long, User>> profiles;
    private final DirectoryStore store;
    private final int listingCap;

    /**
     * @param users    the truth of a profile, which {@link #relist} follows
     * @param profiles the profiles a query's candidates are confirmed by (the cache tier's: a rename reaches them
     *                 within its bound, as it reaches every page)
     * @param listingCap entries a listing takes at most: {@link #LISTING_CAP}
     */
    public NameDirectory(
            UserStore users,
            Function<Collection<Long>, Map<Long, User>> profiles,
            DirectoryStore store,
            int listingCap) {
        this.users = users;
        this.profiles = profiles;
        this.store = store;
        this.listingCap = listingCap;
    }

    /**
     * The ids of up to {@code limit} users a query finds (every word of it begins a word of their handle or name),
     * ordered by the matched word, then by id: a handle or name equal to the query first. 422 for a query with no
     * letter or digit, or a limit out of 1..{@value #MAX_LIMIT}.
     */
    public List<Long> find(String typed, int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw DomainException.invalid("limit: must be 1.." + MAX_LIMIT);
        }
        List<String> words = NameTerms.query(typed);
        if (words.isEmpty()) {
            throw DomainException.invalid("q: must hold a letter or a digit");
        }
        String key = words.stream().max(Comparator.comparingInt(String::length)).orElseThrow();
        String prefix = NameTerms.listingFor(key);
        int want = 2 * limit; // a user listed under two of their words takes two entries
        List<Long> found = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        Optional<DirectoryEntry> after = Optional.empty();
        for (int round = 0; round < ROUNDS && found.size() < limit; round++) {
            List<DirectoryEntry> page = store.listed(prefix, key, after, want);
            List<Long> fresh =
                    page.stream().map(DirectoryEntry::userId).filter(seen::add).toList();
            Map<Long, User> candidates = profiles.apply(fresh);
            for (long id : fresh) {
                User user = candidates.get(id);
                if (user != null && NameTerms.matches(user, words) && found.size() < limit) {
                    found.add(id);
                }
            }
            if (page.size() < want) {
                break;
            }
            after = Optional.of(page.get(page.size() - 1));
        }
        return found;
    }

    /**
     * Lists the user where their profile says, and nowhere once it is gone: each listing is recorded before its entry
     * is written (so a crash leaves no entry a later rename cannot find) and forgotten after its entry is taken out.
     * A listing at its cap takes no new entry (the user is still found by a longer prefix). Safe to repeat; run by
     * one worker per user at a time. Six rounds of reads and writes whatever the number of listings (each round's
     * calls at once): the user, their recorded listings, the new records, the listings' sizes (and, for listings
     * recorded before, whether their entries are there: a relist cut short leaves some not written), the entries, the
     * sizes moved. A crash between an entry and its listing's size leaves the size one short: it only caps.
     */
    public void relist(long userId) {
        Set<NameTerms.Listed> wanted =
                users.find(userId).map(NameTerms::listingsOf).orElse(Set.of());
        Set<NameTerms.Listed> recorded = store.listingsOf(userId);
        List<NameTerms.Listed> unrecorded =
                wanted.stream().filter(l -> !recorded.contains(l)).toList();
        if (!unrecorded.isEmpty()) {
            store.recordListings(userId, unrecorded);
        }
        // Only an entry recorded before this relist can be in its listing already.
        Set<DirectoryEntry> there = store.listedAmong(wanted.stream()
                .filter(recorded::contains)
                .map(l -> DirectoryEntry.of(l, userId))
                .toList());
        List<DirectoryEntry> missing = wanted.stream()
                .map(l -> DirectoryEntry.of(l, userId))
                .filter(e -> !there.contains(e))
                .toList();
        Map<String, Long> sizes =
                store.listingSizes(missing.stream().map(DirectoryEntry::prefix).collect(Collectors.toSet()));
        List<DirectoryEntry> room = missing.stream()
                .filter(e -> sizes.getOrDefault(e.prefix(), 0L) < listingCap)
                .toList();
        if (!room.isEmpty()) {
            store.list(room);
            store.addToListingSizes(
                    room.stream().collect(Collectors.toMap(DirectoryEntry::prefix, e -> 1L, Long::sum)));
        }
        List<NameTerms.Listed> gone =
                recorded.stream().filter(l -> !wanted.contains(l)).toList();
        if (gone.isEmpty()) {
            return;
        }
        Set<DirectoryEntry> listedGone = store.listedAmong(
                gone.stream().map(l -> DirectoryEntry.of(l, userId)).toList());
        listedGone.forEach(store::unlist);
        if (!listedGone.isEmpty()) {
            store.addToListingSizes(
                    listedGone.stream().collect(Collectors.toMap(DirectoryEntry::prefix, e -> -1L, Long::sum)));
        }
        store.forgetListings(userId, gone);
    }
}
