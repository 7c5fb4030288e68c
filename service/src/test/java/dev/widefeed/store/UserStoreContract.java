package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What every backend's {@link UserStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class UserStoreContract {
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    UserStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private UserStore users() {
        return storage().users();
    }

    private User newUser(String name) {
        User user = new User(ids.next(), name, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        users().create(user);
        return user;
    }

    @Test
    void createdUserIsFoundWithAllFields() {
        User user = newUser("名前 with ünïcode");
        assertThat(users().find(user.id())).contains(user);
    }

    @Test
    void aProfileUpdateChangesNameAndBioAndKeepsTheRest() {
        User user = newUser("before");
        assertThat(users().find(user.id()).orElseThrow().bio()).isEmpty();
        users().updateProfile(user.id(), "after", "line one\nline two ✨");
        assertThat(users().find(user.id())).contains(user.withProfile("after", "line one\nline two ✨"));
        users().updateProfile(user.id(), "after", "");
        assertThat(users().find(user.id())).contains(user.withProfile("after", ""));
        assertThat(users().findAll(List.of(user.id())).get(user.id()).name()).isEqualTo("after");
    }

    @Test
    void countsOfManyUsersAreReadAtOnceAndZeroForThoseWithout() {
        User counted = newUser("counted");
        User uncounted = newUser("uncounted");
        users().addCounts(counted.id(), new UserCounts(3, 2, 1));
        Map<Long, UserCounts> counts = users().countsOf(List.of(counted.id(), uncounted.id(), ids.next()));
        assertThat(counts).hasSize(3);
        assertThat(counts.get(counted.id())).isEqualTo(new UserCounts(3, 2, 1));
        assertThat(counts.get(uncounted.id())).isEqualTo(UserCounts.ZERO);
        assertThat(users().countsOf(List.of())).isEmpty();
    }

    @Test
    void unknownUserIsEmpty() {
        assertThat(users().find(ids.next())).isEmpty();
    }

    @Test
    void creatingTheSameUserTwiceChangesNothing() {
        User user = newUser("twice");
        users().create(user);
        assertThat(users().find(user.id())).contains(user);
    }

    @Test
    void findAllReturnsOnlyExistingUsers() {
        User a = newUser("a");
        User b = newUser("b");
        long unknown = ids.next();
        Map<Long, User> found = users().findAll(List.of(a.id(), unknown, b.id()));
        assertThat(found).containsOnlyKeys(a.id(), b.id());
        assertThat(found.get(b.id())).isEqualTo(b);
    }

    @Test
    void countsStartAtZeroAndAddUp() {
        User user = newUser("counted");
        assertThat(users().counts(user.id())).isEqualTo(UserCounts.ZERO);
        users().addCounts(user.id(), new UserCounts(1, 2, 3));
        users().addCounts(user.id(), new UserCounts(1, -1, 0));
        assertThat(users().counts(user.id())).isEqualTo(new UserCounts(2, 1, 3));
    }

    @Test
    void aUserWithAHandleKeepsIt() {
        User user = new User(
                ids.next(),
                Optional.of(new Handle("h_" + ids.next() % 1_000_000_000)),
                "handled",
                Instant.now().truncatedTo(ChronoUnit.MILLIS));
        users().create(user);
        assertThat(users().find(user.id())).contains(user);
        assertThat(users().findAll(List.of(user.id())).get(user.id())).isEqualTo(user);
    }

    @Test
    void theFirstClaimOfAHandleWinsAndItsOwnerMayClaimAgain() {
        Handle handle = freshHandle();
        long first = ids.next();
        long second = ids.next();
        assertThat(users().handleOwner(handle)).isEmpty();
        assertThat(users().claimHandle(handle, first)).isEqualTo(first);
        assertThat(users().claimHandle(handle, second)).isEqualTo(first);
        assertThat(users().claimHandle(handle, first)).isEqualTo(first); // a retried claim
        assertThat(users().handleOwner(handle)).contains(first);
    }

    @Test
    void aDeletedUserLeavesNoProfileNoCountsAndReleasesTheirHandle() {
        Handle handle = freshHandle();
        long id = ids.next();
        User user = new User(id, Optional.of(handle), "leaving", Instant.now().truncatedTo(ChronoUnit.MILLIS));
        assertThat(users().claimHandle(handle, id)).isEqualTo(id);
        users().create(user);
        users().addCounts(id, new UserCounts(3, 2, 1));
        users().delete(user);
        users().delete(user); // again: nothing left, nothing fails
        assertThat(users().find(id)).isEmpty();
        assertThat(users().counts(id)).isEqualTo(UserCounts.ZERO);
        assertThat(users().handleOwner(handle)).isEmpty();
        long next = ids.next();
        assertThat(users().claimHandle(handle, next))
                .as("the handle is free again")
                .isEqualTo(next);
        users().delete(user); // a later holder's claim stays
        assertThat(users().handleOwner(handle)).contains(next);
    }

    @Test
    void concurrentClaimsOfOneHandleHaveOneWinner() throws Exception {
        Handle handle = freshHandle();
        List<Long> claimants = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            claimants.add(ids.next());
        }
        ExecutorService pool = Executors.newFixedThreadPool(claimants.size());
        try {
            List<Future<Long>> answers = new ArrayList<>();
            for (long claimant : claimants) {
                answers.add(pool.submit(() -> users().claimHandle(handle, claimant)));
            }
            Set<Long> owners = new HashSet<>();
            for (Future<Long> answer : answers) {
                owners.add(answer.get());
            }
            assertThat(owners).hasSize(1);
            assertThat(claimants).contains(owners.iterator().next());
            assertThat(users().handleOwner(handle)).contains(owners.iterator().next());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aClaimMovesOnlyFromTheHolderItNames() {
        Handle handle = freshHandle();
        long orphan = ids.next();
        long next = ids.next();
        long other = ids.next();
        users().claimHandle(handle, orphan);
        assertThat(users().reclaimHandle(handle, other, next)).isFalse();
        assertThat(users().handleOwner(handle)).contains(orphan);
        assertThat(users().reclaimHandle(handle, orphan, next)).isTrue();
        assertThat(users().reclaimHandle(handle, orphan, next)).isTrue(); // again, as a retry would: still next's
        assertThat(users().reclaimHandle(handle, orphan, other)).isFalse();
        assertThat(users().handleOwner(handle)).contains(next);
    }

    @Test
    void aHandleIsSetOnAUserWhoHadNone() {
        User user = newUser("no handle yet");
        assertThat(users().find(user.id()).orElseThrow().handle()).isEmpty();
        Handle handle = freshHandle();
        users().setHandle(user.id(), handle);
        assertThat(users().find(user.id()))
                .contains(new User(user.id(), Optional.of(handle), user.name(), user.createdAt()));
    }

    private Handle freshHandle() {
        return new Handle("t_" + Long.toString(ids.next(), 36));
    }

    @Test
    void countsOfAUserWithoutRowAreZero() {
        assertThat(users().counts(ids.next())).isEqualTo(UserCounts.ZERO);
    }
}
