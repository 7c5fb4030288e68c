package dev.widefeed.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Sign-up handles and the migration of users created before them, over each real backend in turn
 * ({@link TestBackend}).
 */
@BackendContract
public class HandleContract {
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    HandleContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private UserService service() {
        return TestStorages.userService(storage(), ids, Clock.systemUTC());
    }

    private String fresh(String prefix) {
        return prefix + Long.toString(ids.next(), 36).substring(4);
    }

    @Test
    void concurrentSignUpsForOneHandleHaveOneWinner() throws Exception {
        String handle = fresh("race_");
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<User>> attempts = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                int n = i;
                attempts.add(pool.submit(() -> service().create("racer " + n, Optional.of(handle))));
            }
            List<User> won = new ArrayList<>();
            int refused = 0;
            for (Future<User> attempt : attempts) {
                try {
                    won.add(attempt.get());
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(DomainException.class);
                    assertThat(((DomainException) e.getCause()).kind()).isEqualTo(DomainException.Kind.CONFLICT);
                    refused++;
                }
            }
            assertThat(won).hasSize(1);
            assertThat(refused).isEqualTo(5);
            assertThat(service().byHandle(new Handle(handle))).isEqualTo(won.get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aClaimWhoseSignUpFailedIsFreeAfterTheGraceAndNotBefore() {
        Handle old = new Handle(fresh("old_"));
        Instant beforeTheGrace = Instant.now().minus(UserService.CLAIM_GRACE).minus(Duration.ofMinutes(1));
        long failedLongAgo = IdGenerator.lowestAt(beforeTheGrace);
        storage().users().claimHandle(old, failedLongAgo); // its user was never written
        User taker = service().create("taker", Optional.of(old.value()));
        assertThat(storage().users().handleOwner(old)).contains(taker.id());

        Handle recent = new Handle(fresh("new_"));
        storage().users().claimHandle(recent, ids.next()); // a sign-up that may still be writing its user
        assertThatThrownBy(() -> service().create("too soon", Optional.of(recent.value())))
                .isInstanceOf(DomainException.class)
                .hasMessageContaining("taken");
    }

    @Test
    void theMigrationGivesEveryUserWithoutAHandleOneAndIsSafeToRunAgain() throws Exception {
        List<Long> legacy = new ArrayList<>();
        for (String name : List.of("Grace Hopper", "Grace Hopper", "Grace Hopper", "名前", "Al")) {
            long id = ids.next();
            storage().users().create(new User(id, name, Instant.now()));
            legacy.add(id);
        }
        User chose = service().create("Has One", Optional.of(fresh("has_")));
        Set<Long> walked = ConcurrentHashMap.newKeySet();
        HandleBackfill backfill = new HandleBackfill(storage().users(), service(), 16, walked::add);
        List<HandleBackfill.Report> progress = new CopyOnWriteArrayList<>();
        HandleBackfill.Report first = backfill.run(1_000, progress::add);
        assertThat(first.given()).isGreaterThanOrEqualTo(legacy.size());
        assertThat(first.hadOne()).isGreaterThanOrEqualTo(1);
        assertThat(progress).isNotEmpty().last().isEqualTo(first);
        assertThat(walked).as("what else the walk does, for each user").containsAll(legacy);

        Set<Handle> handles = new HashSet<>();
        for (long id : legacy) {
            Handle handle = storage().users().find(id).orElseThrow().handle().orElseThrow();
            assertThat(storage().users().handleOwner(handle)).contains(id);
            handles.add(handle);
        }
        assertThat(handles).hasSize(legacy.size());
        assertThat(storage().users().find(chose.id())).contains(chose);

        // Run again: ours all have a handle now and keep it. (Whether it gives any: users other classes are writing
        // meanwhile may have none yet.)
        HandleBackfill.Report again = backfill.run(1_000, report -> {});
        assertThat(again.hadOne()).isGreaterThanOrEqualTo(legacy.size() + 1L);
        for (long id : legacy) {
            assertThat(storage().users().find(id).orElseThrow().handle()).isPresent();
        }
        assertThat(legacy.stream()
                        .map(id -> storage()
                                .users()
                                .find(id)
                                .orElseThrow()
                                .handle()
                                .orElseThrow()))
                .containsExactlyInAnyOrderElementsOf(handles);
    }

    @Test
    void aUserGivenAHandleKeepsIt() {
        long id = ids.next();
        storage().users().create(new User(id, "Keeper", Instant.now()));
        Optional<Handle> given = service().giveHandle(id);
        assertThat(given).isPresent();
        assertThat(service().giveHandle(id)).isEqualTo(given);
        assertThat(service().giveHandle(ids.next())).isEmpty(); // nobody
    }
}
