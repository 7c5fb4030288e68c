package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.audience.Group;
import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every backend's {@link AudienceStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class AudienceStoreContract {
    private static final Mark FAM = Mark.tag("fam");
    private static final Mark FAMILY = Mark.tag("family");

    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    AudienceStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private AudienceStore audiences() {
        return storage().audiences();
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /** {@code n} fresh ids, in a shuffled order, so no store can pass by keeping insertion order. */
    private List<Long> newIds(int n) {
        List<Long> fresh =
                new ArrayList<>(IntStream.range(0, n).mapToObj(i -> ids.next()).toList());
        Collections.shuffle(fresh);
        return fresh;
    }

    private void markAll(long owner, Mark mark, List<Long> members) {
        members.forEach(member -> audiences().mark(owner, mark, member, now()));
    }

    private static List<Long> sorted(List<Long> members) {
        return members.stream().sorted().toList();
    }

    /**
     * Every page of a list, {@code limit} at a time, each page after the last id of the one before;
     * every page must be sorted and above the last, so a store that pages wrongly fails here, not loops.
     */
    private static List<Long> all(BiFunction<Optional<Long>, Integer, List<Long>> list, int limit) {
        List<Long> all = new ArrayList<>();
        while (true) {
            Optional<Long> after = all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
            List<Long> page = list.apply(after, limit);
            assertThat(page).hasSizeLessThanOrEqualTo(limit).isSorted();
            after.ifPresent(
                    last -> assertThat(page).allSatisfy(id -> assertThat(id).isGreaterThan(last)));
            all.addAll(page);
            if (page.size() < limit) {
                return all;
            }
        }
    }

    @Test
    void markingAndUnmarkingTwiceIsLikeDoingItOnce() {
        long owner = ids.next();
        long member = ids.next();
        Link link = new Link(owner, member);
        audiences().unmark(owner, Mark.BLOCKED, member); // never marked: fine

        audiences().mark(owner, Mark.BLOCKED, member, now());
        audiences().mark(owner, Mark.BLOCKED, member, now());
        assertThat(audiences().marked(owner, Mark.BLOCKED, Optional.empty(), 10))
                .containsExactly(member);
        assertThat(audiences().countMarked(owner, Mark.BLOCKED)).isEqualTo(1);
        assertThat(audiences().marksOf(List.of(link))).containsExactly(Map.entry(link, Set.of(Mark.BLOCKED)));

        audiences().unmark(owner, Mark.BLOCKED, member);
        audiences().unmark(owner, Mark.BLOCKED, member);
        assertThat(audiences().marked(owner, Mark.BLOCKED, Optional.empty(), 10))
                .isEmpty();
        assertThat(audiences().countMarked(owner, Mark.BLOCKED)).isZero();
        assertThat(audiences().marksOf(List.of(link))).containsExactly(Map.entry(link, Set.of()));
    }

    @Test
    void aMarkRightAfterAnUnmarkIsKept() {
        long owner = ids.next();
        long member = ids.next();
        Link link = new Link(owner, member);
        for (int round = 0; round < 20; round++) {
            audiences().mark(owner, FAM, member, now());
            audiences().unmark(owner, FAM, member);
            audiences().mark(owner, FAM, member, now());
            assertThat(audiences().marksOf(List.of(link)).get(link))
                    .as("round %d", round)
                    .containsExactly(FAM);
            assertThat(audiences().marked(owner, FAM, Optional.empty(), 10))
                    .as("round %d", round)
                    .containsExactly(member);
        }
        audiences().unmark(owner, FAM, member);
        assertThat(audiences().marksOf(List.of(link)).get(link)).isEmpty();
        assertThat(audiences().tagNames(owner)).isEmpty();
    }

    @Test
    void marksOfGivesEveryLinkAskedItsMarksAndAnEmptySetWhereThereAreNone() {
        long owner = ids.next();
        long other = ids.next();
        long tagged = ids.next();
        long hidden = ids.next();
        long unmarked = ids.next();
        audiences().mark(owner, Mark.BLOCKED, tagged, now());
        audiences().mark(owner, FAM, tagged, now());
        audiences().mark(owner, FAMILY, tagged, now());
        audiences().mark(owner, Mark.HIDDEN, hidden, now());
        audiences().mark(other, Mark.tag("work"), tagged, now());

        Map<Link, Set<Mark>> marks = audiences()
                .marksOf(List.of(
                        new Link(owner, tagged),
                        new Link(owner, hidden),
                        new Link(owner, unmarked),
                        new Link(other, tagged),
                        new Link(other, hidden)));

        assertThat(marks)
                .containsOnly(
                        Map.entry(new Link(owner, tagged), Set.of(Mark.BLOCKED, FAM, FAMILY)),
                        Map.entry(new Link(owner, hidden), Set.of(Mark.HIDDEN)),
                        Map.entry(new Link(owner, unmarked), Set.of()),
                        Map.entry(new Link(other, tagged), Set.of(Mark.tag("work"))),
                        Map.entry(new Link(other, hidden), Set.of()));
        assertThat(audiences().marksOf(List.of())).isEmpty();
    }

    @Test
    void marksOfManyLinksAtOnce() {
        long owner = ids.next();
        List<Long> members = newIds(150);
        List<Long> blocked = members.subList(0, 50);
        markAll(owner, Mark.BLOCKED, blocked);

        List<Link> links =
                members.stream().map(member -> new Link(owner, member)).toList();
        Map<Link, Set<Mark>> marks = audiences().marksOf(links);

        assertThat(marks).hasSize(150);
        for (Long member : members) {
            assertThat(marks.get(new Link(owner, member)))
                    .as("member %d", member)
                    .isEqualTo(blocked.contains(member) ? Set.of(Mark.BLOCKED) : Set.of());
        }
    }

    @Test
    void eachListPagesInMemberIdOrderApartFromTheOthers() {
        long owner = ids.next();
        List<Long> blocked = newIds(11);
        List<Long> hidden = newIds(4);
        List<Long> fam = newIds(7);
        List<Long> family = new ArrayList<>(newIds(5));
        family.add(fam.get(0)); // one member on two tags sharing a prefix
        markAll(owner, Mark.BLOCKED, blocked);
        markAll(owner, Mark.HIDDEN, hidden);
        markAll(owner, FAM, fam);
        markAll(owner, FAMILY, family);

        assertThat(all((after, limit) -> audiences().marked(owner, Mark.BLOCKED, after, limit), 3))
                .isEqualTo(sorted(blocked));
        assertThat(all((after, limit) -> audiences().marked(owner, Mark.HIDDEN, after, limit), 3))
                .isEqualTo(sorted(hidden));
        assertThat(all((after, limit) -> audiences().marked(owner, FAM, after, limit), 2))
                .isEqualTo(sorted(fam));
        assertThat(all((after, limit) -> audiences().marked(owner, FAMILY, after, limit), 4))
                .isEqualTo(sorted(family));
        assertThat(audiences().marked(owner, Mark.tag("fa"), Optional.empty(), 100))
                .isEmpty();
        assertThat(audiences().marked(owner, Mark.tag("famil"), Optional.empty(), 100))
                .isEmpty();

        List<Long> all = sorted(blocked);
        assertThat(audiences().marked(owner, Mark.BLOCKED, Optional.of(all.get(4)), 3))
                .containsExactlyElementsOf(all.subList(5, 8));
        // after need not be a member (any more): the page starts at the next id above it
        audiences().unmark(owner, Mark.BLOCKED, all.get(5));
        assertThat(audiences().marked(owner, Mark.BLOCKED, Optional.of(all.get(5)), 100))
                .containsExactlyElementsOf(all.subList(6, all.size()));
        assertThat(audiences().marked(owner, Mark.BLOCKED, Optional.of(all.get(all.size() - 1)), 100))
                .isEmpty();
    }

    @Test
    void countMarkedCountsOneListOnly() {
        long owner = ids.next();
        markAll(owner, Mark.BLOCKED, newIds(6));
        markAll(owner, Mark.HIDDEN, newIds(2));
        markAll(owner, FAM, newIds(3));
        markAll(owner, FAMILY, newIds(4));

        assertThat(audiences().countMarked(owner, Mark.BLOCKED)).isEqualTo(6);
        assertThat(audiences().countMarked(owner, Mark.HIDDEN)).isEqualTo(2);
        assertThat(audiences().countMarked(owner, FAM)).isEqualTo(3);
        assertThat(audiences().countMarked(owner, FAMILY)).isEqualTo(4);
        assertThat(audiences().countMarked(owner, Mark.tag("f"))).isZero();
        assertThat(audiences().countMarked(ids.next(), Mark.BLOCKED)).isZero();
    }

    @Test
    void tagNamesAreTheTagsWithMembersInNameOrder() {
        long owner = ids.next();
        long member = ids.next();
        List<Long> many = newIds(5);
        markAll(owner, Mark.tag("family"), many);
        audiences().mark(owner, Mark.tag("work"), member, now());
        audiences().mark(owner, Mark.tag("fam"), member, now());
        audiences().mark(owner, Mark.tag("famé"), member, now());
        audiences().mark(owner, Mark.tag("fam!"), member, now());
        audiences().mark(owner, Mark.tag("b c"), member, now());
        audiences().mark(owner, Mark.BLOCKED, member, now());
        audiences().mark(owner, Mark.HIDDEN, member, now());
        audiences().mark(ids.next(), Mark.tag("someone else's"), member, now());

        assertThat(audiences().tagNames(owner)).containsExactly("b c", "fam", "fam!", "family", "famé", "work");

        audiences().unmark(owner, Mark.tag("work"), member);
        audiences().unmark(owner, Mark.tag("family"), many.get(0));
        audiences().unmark(owner, Mark.tag("fam"), member);
        assertThat(audiences().tagNames(owner)).containsExactly("b c", "fam!", "family", "famé");
        assertThat(audiences().tagNames(ids.next())).isEmpty();
    }

    @Test
    void groupsAreCreatedOnceAndFound() {
        Group group = new Group(ids.next(), "Close friends 🌱", ids.next(), now());
        assertThat(audiences().group(group.id())).isEmpty();

        audiences().createGroup(group);
        audiences().createGroup(group);

        assertThat(audiences().group(group.id())).contains(group);
        assertThat(audiences().group(ids.next())).isEmpty();
        assertThat(audiences().countMembers(group.id()))
                .as("the owner is not added here")
                .isZero();
    }

    @Test
    void aUsersGroupsAreListedUnderThemInIdOrder() {
        long owner = ids.next();
        List<Long> groups = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Group group = new Group(ids.next(), "g" + i, owner, now());
            audiences().createGroup(group);
            groups.add(group.id());
        }
        audiences().createGroup(new Group(ids.next(), "someone else's", ids.next(), now()));
        assertThat(audiences().groupIdsByOwner(owner, Optional.empty(), 10)).isEqualTo(groups);
        assertThat(audiences().groupIdsByOwner(owner, Optional.of(groups.get(1)), 2))
                .isEqualTo(groups.subList(2, 4));
        assertThat(audiences().groupIdsByOwner(ids.next(), Optional.empty(), 10))
                .isEmpty();
    }

    @Test
    void addingAndRemovingMembersTwiceIsLikeDoingItOnce() {
        long group = ids.next();
        long member = ids.next();
        Link link = new Link(group, member);
        audiences().removeMember(group, member); // never added: fine

        audiences().addMember(group, member, now());
        audiences().addMember(group, member, now());
        assertThat(audiences().members(group, Optional.empty(), 10)).containsExactly(member);
        assertThat(audiences().countMembers(group)).isEqualTo(1);
        assertThat(audiences().memberships(List.of(link))).containsExactly(link);

        audiences().removeMember(group, member);
        audiences().removeMember(group, member);
        assertThat(audiences().members(group, Optional.empty(), 10)).isEmpty();
        assertThat(audiences().countMembers(group)).isZero();
        assertThat(audiences().memberships(List.of(link))).isEmpty();

        audiences().addMember(group, member, now()); // right after the removal
        assertThat(audiences().memberships(List.of(link))).containsExactly(link);
    }

    @Test
    void membershipsAreTheLinksThatAreMembers() {
        long group = ids.next();
        long otherGroup = ids.next();
        List<Long> members = newIds(40);
        members.subList(0, 25).forEach(member -> audiences().addMember(group, member, now()));
        audiences().addMember(otherGroup, members.get(30), now());

        List<Link> asked = new ArrayList<>();
        members.forEach(member -> asked.add(new Link(group, member)));
        asked.add(new Link(otherGroup, members.get(0)));
        asked.add(new Link(otherGroup, members.get(30)));

        Set<Link> expected = new HashSet<>();
        members.subList(0, 25).forEach(member -> expected.add(new Link(group, member)));
        expected.add(new Link(otherGroup, members.get(30)));
        assertThat(audiences().memberships(asked)).isEqualTo(expected);
        assertThat(audiences().memberships(List.of())).isEmpty();
    }

    @Test
    void membersPageInMemberIdOrderAndAreCounted() {
        long group = ids.next();
        List<Long> members = newIds(13);
        members.forEach(member -> audiences().addMember(group, member, now()));
        audiences().removeMember(group, members.get(5));
        List<Long> expected =
                sorted(members.stream().filter(m -> !m.equals(members.get(5))).toList());

        assertThat(all((after, limit) -> audiences().members(group, after, limit), 5))
                .isEqualTo(expected);
        assertThat(audiences().members(group, Optional.of(expected.get(2)), 4))
                .containsExactlyElementsOf(expected.subList(3, 7));
        assertThat(audiences().countMembers(group)).isEqualTo(12);
        assertThat(audiences().countMembers(ids.next())).isZero();
    }

    @Test
    void ownersAndGroupsNeverSeeEachOthersData() {
        long alice = ids.next();
        long bob = ids.next();
        long member = ids.next();
        audiences().mark(alice, Mark.BLOCKED, member, now());
        audiences().mark(alice, FAM, member, now());
        long aliceGroup = ids.next();
        long bobGroup = ids.next();
        audiences().createGroup(new Group(aliceGroup, "a", alice, now()));
        audiences().createGroup(new Group(bobGroup, "b", bob, now()));
        audiences().addMember(aliceGroup, member, now());

        assertThat(audiences().marked(bob, Mark.BLOCKED, Optional.empty(), 10)).isEmpty();
        assertThat(audiences().marked(bob, FAM, Optional.empty(), 10)).isEmpty();
        assertThat(audiences().countMarked(bob, Mark.BLOCKED)).isZero();
        assertThat(audiences().tagNames(bob)).isEmpty();
        assertThat(audiences().marksOf(List.of(new Link(bob, member))))
                .containsExactly(Map.entry(new Link(bob, member), Set.of()));
        assertThat(audiences().members(bobGroup, Optional.empty(), 10)).isEmpty();
        assertThat(audiences().countMembers(bobGroup)).isZero();
        assertThat(audiences().memberships(List.of(new Link(bobGroup, member), new Link(aliceGroup, member))))
                .containsExactly(new Link(aliceGroup, member));

        audiences().unmark(bob, Mark.BLOCKED, member); // someone else's unmark leaves alice's list alone
        audiences().removeMember(bobGroup, member);
        assertThat(audiences().marked(alice, Mark.BLOCKED, Optional.empty(), 10))
                .containsExactly(member);
        assertThat(audiences().members(aliceGroup, Optional.empty(), 10)).containsExactly(member);
    }
}
