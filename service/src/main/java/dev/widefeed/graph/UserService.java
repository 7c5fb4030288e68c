package dev.widefeed.graph;

import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Ownership;
import dev.widefeed.kernel.PendingCounts;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Sign-up, profiles and handles (docs/design.md, "Handles"). */
public final class UserService {
    /** How long a read of counts waits, in all, for this instance's own updates of them to land. */
    private static final Duration SETTLE_WAIT = Duration.ofMillis(250);
    /**
     * How long a claim may wait for its user: a sign-up claims the handle first and writes the user after, so a
     * claim older than this whose user does not exist was left by a sign-up that failed, and is free again. Far
     * past any store timeout, so a sign-up still writing its user is not overtaken.
     */
    static final Duration CLAIM_GRACE = Duration.ofMinutes(10);
    /** Users one batch read may name. */
    public static final int MAX_BATCH = 100;

    private final UserStore users;
    private final IdGenerator ids;
    private final Clock clock;
    private final PendingCounts<UserCounts> pending;
    private final Events events;
    private final ProfileCache pages;

    /**
     * @param pending what this instance changed of users' counts that the store may not hold yet
     *                ({@link dev.widefeed.kernel.CoalescedCounts}): a read of a user's counts first lets this
     *                instance's updates of them land, then adds what no update has taken yet, so an actor sees their
     *                own post or follow counted at once, once and only once
     * @param events  where a profile's changes are recorded before and published after ({@link UserEvent})
     * @param pages   profiles and counts as pages show them (the cache tier)
     */
    public UserService(
            UserStore users,
            IdGenerator ids,
            Clock clock,
            PendingCounts<UserCounts> pending,
            Events events,
            ProfileCache pages) {
        this.pages = pages;
        this.users = users;
        this.ids = ids;
        this.clock = clock;
        this.pending = pending;
        this.events = events;
    }

    /**
     * A new user with the handle they chose (409 when someone holds it, 422 when it is not a handle), or, if they
     * chose none, the first free one of {@link Handle#candidates}. The handle is claimed before the user is
     * written, so no user ever shows a handle someone else holds.
     */
    public User create(String name, Optional<String> typedHandle) {
        return create(ids.next(), name, typedHandle);
    }

    /** {@link #create(String, Optional)} under an id the caller took, to write what belongs to it first. */
    public User create(long id, String name, Optional<String> typedHandle) {
        Handle handle;
        if (typedHandle.isPresent()) {
            handle = Handle.parse(typedHandle.get());
            if (!claim(handle, id)) {
                throw DomainException.conflict("the handle " + handle.value() + " is taken");
            }
        } else {
            handle = claimFirstFree(id, name)
                    .orElseThrow(() -> DomainException.conflict("no handle could be made from the name; choose one"));
        }
        User user = new User(id, Optional.of(handle), name, clock.instant().truncatedTo(ChronoUnit.MILLIS));
        changeProfile(id, () -> users.create(user));
        return user;
    }

    /**
     * Gives a user who has no handle (one created before handles) the first free one derived from their name, and
     * answers it; a user who has one keeps it. Safe to run again after a crash: the derivation is the same, so it
     * finds its own claim.
     */
    public Optional<Handle> giveHandle(long userId) {
        return users.find(userId).flatMap(this::giveHandle);
    }

    /** {@link #giveHandle(long)} of a user the caller has just read. */
    public Optional<Handle> giveHandle(User user) {
        if (user.handle().isPresent()) {
            return user.handle();
        }
        Optional<Handle> handle = claimFirstFree(user.id(), user.name());
        handle.ifPresent(h -> changeProfile(user.id(), () -> users.setHandle(user.id(), h)));
        return handle;
    }

    /**
     * Changes the acting user's name and bio, each only when given (docs/design.md, "Users"): 403 for someone
     * else's profile, 422 for a name of 0 or more than 30 characters or a bio of more than 160, or control
     * characters (a bio may hold line breaks). Answers the profile after the change.
     */
    public User updateProfile(long actingUserId, long userId, Optional<String> name, Optional<String> bio) {
        Ownership.require(actingUserId, userId, "you can only change your own profile");
        name.ifPresent(n -> {
            int length = n.codePointCount(0, n.length());
            if (length < 1 || length > User.MAX_NAME_LENGTH || n.codePoints().anyMatch(Character::isISOControl)) {
                throw DomainException.invalid(
                        "name: must be 1.." + User.MAX_NAME_LENGTH + " characters without control characters");
            }
        });
        bio.ifPresent(b -> {
            if (b.codePointCount(0, b.length()) > User.MAX_BIO_LENGTH
                    || b.codePoints().anyMatch(c -> Character.isISOControl(c) && c != '\n')) {
                throw DomainException.invalid("bio: must be at most " + User.MAX_BIO_LENGTH
                        + " characters without control characters other than line breaks");
            }
        });
        User user = get(userId);
        User changed = user.withProfile(name.orElse(user.name()), bio.orElse(user.bio()));
        Runnable update = () -> users.updateProfile(userId, changed.name(), changed.bio());
        if (!changed.name().equals(user.name())) {
            changeProfile(userId, update);
        } else if (!changed.equals(user)) {
            update.run(); // the bio: nobody is found by it
        }
        return changed;
    }

    /** A change of what the user is found by, between its event's record and its publish. */
    private void changeProfile(long userId, Runnable change) {
        UserEvent.ProfileChanged changed = new UserEvent.ProfileChanged(userId);
        events.record(changed);
        change.run();
        events.publish(changed);
    }

    public Optional<User> find(long userId) {
        return users.find(userId);
    }

    public User get(long userId) {
        return users.find(userId).orElseThrow(() -> DomainException.notFound("no user " + userId));
    }

    /** The user holding {@code handle}: 404 if nobody does. */
    public User byHandle(Handle handle) {
        return findByHandle(handle)
                .orElseThrow(() -> DomainException.notFound("nobody has the handle " + handle.value()));
    }

    /** The user holding {@code handle}, if someone does (a claim whose user was never written holds nothing). */
    public Optional<User> findByHandle(Handle handle) {
        return users.handleOwner(handle).flatMap(users::find);
    }

    /** The users among {@code userIds} that exist, with their counts, in the order asked (duplicates once). */
    public List<Map.Entry<User, UserCounts>> getAll(List<Long> userIds) {
        if (userIds.size() > MAX_BATCH) {
            throw DomainException.invalid("at most " + MAX_BATCH + " ids");
        }
        Set<Long> asked = new LinkedHashSet<>(userIds);
        Map<Long, User> found = users.findAll(asked);
        Set<Long> settled = new HashSet<>();
        long deadline = System.nanoTime() + SETTLE_WAIT.toNanos();
        for (long id : found.keySet()) {
            if (settle(id, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
                settled.add(id);
            }
        }
        Map<Long, UserCounts> counts = new HashMap<>(users.countsOf(found.keySet()));
        counts.replaceAll((id, c) -> shown(id, c, settled.contains(id)));
        return inOrder(asked, found, counts);
    }

    /**
     * The users among {@code userIds} that exist, with their counts, as pages show other users: through the cache
     * tier, each within its bound (docs/design.md, "The cache tier"); in the order asked, duplicates once.
     */
    public List<Map.Entry<User, UserCounts>> onPages(List<Long> userIds) {
        Set<Long> asked = new LinkedHashSet<>(userIds);
        Map<Long, User> found = pages.findAll(asked);
        return inOrder(asked, found, pages.countsOf(found.keySet()));
    }

    /** The users found, each with its counts, in the order asked. */
    private static List<Map.Entry<User, UserCounts>> inOrder(
            Set<Long> asked, Map<Long, User> found, Map<Long, UserCounts> counts) {
        List<Map.Entry<User, UserCounts>> all = new ArrayList<>();
        asked.stream()
                .filter(found::containsKey)
                .forEach(id -> all.add(Map.entry(found.get(id), counts.getOrDefault(id, UserCounts.ZERO))));
        return all;
    }

    /** The user's counts as shown: the store's, with this instance's changes it may not hold yet. */
    public UserCounts counts(long userId) {
        boolean settled = settle(userId, SETTLE_WAIT);
        return shown(userId, users.counts(userId), settled);
    }

    /**
     * Whether this instance's updates of the user's counts landed before the store is read: then the read holds them
     * and only what no update took yet is added; else (they are slow to land) what may be missing is added, which can
     * count a change landing meanwhile twice for a moment.
     */
    private boolean settle(long userId, Duration max) {
        try {
            return pending.settle(userId, max);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private UserCounts shown(long userId, UserCounts stored, boolean settled) {
        return (settled ? pending.waiting(userId) : pending.unapplied(userId))
                .map(stored::plus)
                .orElse(stored);
    }

    private Optional<Handle> claimFirstFree(long userId, String name) {
        return Handle.candidates(userId, name).stream()
                .filter(h -> claim(h, userId))
                .findFirst();
    }

    /**
     * Whether {@code handle} is {@code userId}'s after the call: claimed now, claimed by them before, or taken over
     * from a claim whose user was never written within {@link #CLAIM_GRACE}.
     */
    private boolean claim(Handle handle, long userId) {
        long holder = users.claimHandle(handle, userId);
        if (holder == userId) {
            return true;
        }
        boolean orphaned = IdGenerator.timeOf(holder).isBefore(clock.instant().minus(CLAIM_GRACE))
                && users.find(holder).isEmpty();
        return orphaned && users.reclaimHandle(handle, holder, userId);
    }
}
