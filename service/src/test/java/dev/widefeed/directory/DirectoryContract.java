package dev.widefeed.directory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.graph.User;
import dev.widefeed.graph.UserService;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Finding people by the beginnings of their handles and names, on every {@link TestBackend}: listings follow sign-ups,
 * renames and erasures, a query reads one listing, and a listing at its cap leaves a user to its longer prefixes. Each
 * test's words begin with a token of its own, so that other tests' users never share their listings.
 */
@BackendContract
public class DirectoryContract {
    private final IdGenerator ids = TestStorages.ids();
    private final TestBackend backend;

    DirectoryContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private UserService users() {
        return TestStorages.userService(storage(), ids, Clock.systemUTC());
    }

    private NameDirectory directory(int cap) {
        return new NameDirectory(
                storage().users(), storage().users()::findAll, storage().directory(), cap);
    }

    /**
     * Eight letters no other test's words begin with: an id's last eight digits, which differ from one id to the next
     * (its first ones are its time, shared by the ids of several milliseconds).
     */
    private String token() {
        String id = Long.toString(ids.next(), 36);
        return id.substring(id.length() - 8).replaceAll("[0-9]", "q").toLowerCase(Locale.ROOT);
    }

    private User signUp(NameDirectory directory, String handle, String name) {
        User user = users().create(name, Optional.of(handle));
        directory.relist(user.id());
        return user;
    }

    @Test
    void aUserIsFoundByTheBeginningOfTheHandleOrOfAnyWordOfTheName() {
        NameDirectory directory = directory(NameDirectory.LISTING_CAP);
        String t = token();
        User ada = signUp(directory, t + "ada", "Ada " + t + "lovelace");
        User adam = signUp(directory, t + "adam", "Adam " + t + "smith");
        User eve = signUp(directory, "e" + t, "Ève " + t + "loveless");

        assertThat(directory.find(t + "ada", 10)).containsExactly(ada.id(), adam.id());
        assertThat(directory.find("@" + t.toUpperCase(Locale.ROOT) + "ADAM@elsewhere.example", 10))
                .containsExactly(adam.id());
        assertThat(directory.find(t + "love", 10)).containsExactly(ada.id(), eve.id()); // by word: lovelace, loveless
        assertThat(directory.find("ada " + t + "lov", 10)).containsExactly(ada.id());
        assertThat(directory.find("eve e" + t, 10)).containsExactly(eve.id());
        assertThat(directory.find(t + "a", 1)).hasSize(1);
        assertThat(directory.find(t + "x", 10)).isEmpty();
        assertThatThrownBy(() -> directory.find("@!", 10)).isInstanceOf(DomainException.class);
        assertThatThrownBy(() -> directory.find(t, NameDirectory.MAX_LIMIT + 1)).isInstanceOf(DomainException.class);
    }

    @Test
    void aRenameTakesTheOldWordsOutAndAnErasedUserIsNowhere() {
        NameDirectory directory = directory(NameDirectory.LISTING_CAP);
        String t = token();
        User user = signUp(directory, t + "h", "Old" + t);
        assertThat(directory.find("old" + t, 10)).containsExactly(user.id());

        users().updateProfile(user.id(), user.id(), Optional.of("New" + t), Optional.empty());
        assertThat(directory.find("old" + t, 10))
                .as("not shown before its relisting: the profile no longer says it")
                .isEmpty();
        directory.relist(user.id());
        directory.relist(user.id()); // again: nothing more to do
        assertThat(directory.find("new" + t, 10)).containsExactly(user.id());
        assertThat(storage().directory().listed(NameTerms.listingFor("old" + t), "old" + t, Optional.empty(), 10))
                .isEmpty();
        assertThat(storage().directory().listingsOf(user.id()))
                .containsExactlyInAnyOrderElementsOf(
                        NameTerms.listingsOf(storage().users().find(user.id()).orElseThrow()));

        storage().users().delete(storage().users().find(user.id()).orElseThrow());
        directory.relist(user.id());
        assertThat(storage().directory().listingsOf(user.id())).isEmpty();
        assertThat(storage().directory().listed(NameTerms.listingFor(t + "h"), t + "h", Optional.empty(), 10))
                .isEmpty();
    }

    /**
     * Five words sharing twelve letters, under a cap of three: the twelve-letter listing takes the first three, and the
     * other two are found by their sixteen-letter prefixes.
     */
    @Test
    void aListingAtItsCapLeavesNewUsersToTheirLongerPrefixes() {
        NameDirectory directory = directory(3);
        String shared = token() + "abcd";
        List<User> made = new ArrayList<>();
        for (String end : List.of("aaaa", "bbbb", "cccc", "dddd", "eeee")) {
            made.add(signUp(directory, "h" + token(), "x " + shared + end));
        }
        assertThat(storage().directory().listingSizes(List.of(shared))).containsEntry(shared, 3L);
        assertThat(directory.find(shared, 10)).hasSize(3);
        assertThat(directory.find(shared + "eeee", 10))
                .containsExactly(made.get(4).id());

        for (int i = 0; i < 5; i++) { // paging through a listing: a limit of one, three rounds at most
            assertThat(directory.find(shared + "aaaa", 1))
                    .containsExactly(made.get(0).id());
        }
    }

    @Test
    void aQueryPagesPastCandidatesItCannotConfirm() {
        NameDirectory directory = directory(NameDirectory.LISTING_CAP);
        String t = token();
        List<Long> renamed = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            User user = signUp(directory, t + "a" + i, "Someone");
            users().updateProfile(user.id(), user.id(), Optional.of("Renamed"), Optional.empty());
            renamed.add(user.id());
        }
        User kept = signUp(directory, t + "b", "Someone");
        // The renamed still hold their handles' entries: only the name changed. A query on a name word they lost:
        assertThat(directory.find("someone " + t, 1)).containsExactly(kept.id());
        assertThat(renamed).doesNotContain(kept.id());
    }
}
