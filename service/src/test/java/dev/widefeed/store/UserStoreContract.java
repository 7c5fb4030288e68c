package dev.widefeed.store;

import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.TestStorages;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What every backend's {@link UserStore} must do; one tiny subclass per backend runs it. */
public abstract class UserStoreContract {
    private final IdGenerator ids = TestStorages.ids();

    protected abstract Storage storage();

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
    void countsOfAUserWithoutRowAreZero() {
        assertThat(users().counts(ids.next())).isEqualTo(UserCounts.ZERO);
    }
}
