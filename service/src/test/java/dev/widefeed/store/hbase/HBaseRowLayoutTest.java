package dev.widefeed.store.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.account.AccountRules;
import dev.widefeed.account.AccountService;
import dev.widefeed.account.Password;
import dev.widefeed.account.PasswordHasher;
import dev.widefeed.account.RefreshToken;
import dev.widefeed.audience.Group;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.erasure.ErasureService;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Threads;
import dev.widefeed.store.Storage;
import dev.widefeed.store.hbase.layout.Column;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.RowLayout;
import dev.widefeed.store.hbase.layout.TableDefinition;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import dev.widefeed.textindex.TrendingJob;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The declared row layouts are true: the product, driven through its services on the real HBase (with the event
 * log's job working what they log), fills nearly every table, and then every row key and every cell of every table
 * in the test namespace decodes strictly by its table's {@code key:} and {@code columns:}. The namespace is the one
 * every HBase suite of the test JVM writes, so in a full run their rows are checked too.
 */
@Tag(Tiers.STORE)
class HBaseRowLayoutTest {
    /** Pulled above 10 followers, decided per edge below it; one tier; pages of 4 followers. */
    private static final FeedRules FEED = new FeedRules(
            new FanoutRules(50, List.of(new FanoutRules.Tier("hot", Duration.ofDays(14), Duration.ofMinutes(1)))),
            new HomeRules(
                    20,
                    Duration.ofDays(1),
                    Duration.ofDays(14),
                    20,
                    5,
                    Duration.ofMinutes(1),
                    Duration.ZERO,
                    Duration.ofHours(6)),
            4,
            new PullRules(10, 4, Duration.ofSeconds(1), 1_000));

    private static final int SHARDS = 4;
    private static final Password PASSWORD = Password.choose("a long passphrase");
    /**
     * The tables no code writes any more, so no scenario fills them: fanout_tasks_by_slot and fanout_shards (retired
     * in V009, when the event log replaced them) and home_state_by_user (retired in V010, when the state moved into
     * the inbox's own prefix).
     */
    private static final Set<String> RETIRED = Set.of("fanout_tasks_by_slot", "fanout_shards", "home_state_by_user");

    private final IdGenerator ids = TestStorages.ids();
    private final Clock clock = Clock.systemUTC();

    @Test
    void everyRowKeyAndEveryCellOfEveryTableDecodesByItsDeclaredLayout() throws Exception {
        Storage storage = TestBackend.HBASE.storage(getClass());
        Features services = new Features(
                storage, InstanceSettings.of(ids, clock).withFeed(FEED).withLogShards(SHARDS));
        // 20 pages a turn, as the service's default: an erasure's ten phases take a page each at least, and a turn
        // that ends before the last starts over from the first at the next pass.
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        20,
                        Duration.ofMillis(50),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(10),
                        "layout-" + UUID.randomUUID()),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
        try {
            new Scenario(storage, services).run();
        } finally {
            job.stop();
        }

        Map<String, Long> rows = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        HBaseFactory factory = TestStorages.hbaseFactory();
        try (Connection connection = factory.connect(null)) {
            for (TableDefinition table : HBaseTables.load().tables().values()) {
                rows.put(table.name(), decodeEveryRow(connection, factory.namespace, table, problems));
            }
        }
        System.out.println("rows decoded per table: " + rows);

        assertThat(problems)
                .as("rows or cells that do not fit their declared layout")
                .isEmpty();
        List<String> empty = rows.entrySet().stream()
                .filter(e -> e.getValue() == 0)
                .map(Map.Entry::getKey)
                .toList();
        assertThat(RETIRED).as("only retired tables hold no rows").containsAll(empty);
        assertThat(rows.size() - empty.size()).as("tables checked with rows").isGreaterThanOrEqualTo(45);
    }

    /** Strictly decodes every row of the table, adding what does not fit to {@code problems}; the rows read. */
    private static long decodeEveryRow(
            Connection connection, String namespace, TableDefinition table, List<String> problems) throws IOException {
        RowLayout layout = RowLayout.of(table);
        long rows = 0;
        int found = problems.size();
        try (Table live = connection.getTable(TableName.valueOf(namespace, table.name()));
                ResultScanner scanner = live.getScanner(new Scan().setCaching(5_000))) {
            for (Result row : scanner) {
                rows++;
                try {
                    layout.decodeKey(row.getRow());
                } catch (IllegalArgumentException e) {
                    problems.add(e.getMessage());
                }
                for (Cell cell : row.rawCells()) {
                    decodeCell(layout, cell, problems);
                }
                if (problems.size() - found > 20) {
                    problems.add(table.name() + ": more, not listed");
                    break;
                }
            }
        }
        return rows;
    }

    private static void decodeCell(RowLayout layout, Cell cell, List<String> problems) {
        byte[] family = CellUtil.cloneFamily(cell);
        byte[] qualifier = CellUtil.cloneQualifier(cell);
        Optional<Column> column = layout.column(family, qualifier);
        if (column.isEmpty()) {
            problems.add(layout.tableName() + ": undeclared cell " + Bytes.toString(family) + ":"
                    + Bytes.toStringBinary(qualifier) + " in row " + Bytes.toStringBinary(CellUtil.cloneRow(cell)));
            return;
        }
        try {
            if (column.get().dynamic()) {
                layout.decodeQualifier(column.get(), qualifier);
            }
            layout.decodeValue(column.get(), CellUtil.cloneValue(cell));
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
    }

    /** What a small community does, through the services, so that every live table gets rows. */
    private final class Scenario {
        private final Storage storage;
        private final Features services;
        private final AccountService accounts;

        Scenario(Storage storage, Features services) {
            this.storage = storage;
            this.services = services;
            this.accounts = new AccountService(
                    storage.accounts(),
                    services.graph.users(),
                    new PasswordHasher(new PasswordHasher.Settings(256, 1, 1, 4, Duration.ofSeconds(5))),
                    new RefreshToken.Signer("row-layout-test-secret-0123456789abcdef"),
                    AccountRules.DEFAULT,
                    ids,
                    clock);
        }

        void run() {
            // Accounts: users, handles, credentials and a session, a failed sign-in, an idempotent sign-up.
            long ada = signUp("ada");
            long bob = services.idempotent
                    .once(
                            "sign-up",
                            Optional.of("signup-" + ids.next()),
                            "bob",
                            id -> accounts.signUp(id, "Bob", Optional.of(fresh("bob")), PASSWORD)
                                    .user()
                                    .id(),
                            id -> storage.users().find(id).map(u -> u.id()))
                    .value();
            long cy = signUp("cy");
            long dan = signUp("dan");
            String adasHandle = handle(ada);
            try {
                accounts.signIn(adasHandle, Password.offered("not the passphrase"), "10.1.2.3");
            } catch (DomainException expected) {
                // the failure is recorded in signin_failures_by_key
            }
            accounts.signIn(adasHandle, PASSWORD, "10.1.2.3");
            accounts.signOutEverywhere(dan);
            services.graph.users().updateProfile(cy, cy, Optional.of("Cy"), Optional.of("likes #topics"));

            // Follows both ways, readers active (their last read shared onto the edges fan-out reads).
            services.graph.follows().follow(bob, ada);
            services.graph.follows().follow(cy, ada);
            services.graph.follows().follow(ada, bob);
            active(List.of(ada, bob, cy), 24);

            // Posts with a topic and a mention, a repost, a like, comments, a reply, votes, settings.
            String topic = "layout" + Long.toString(ids.next(), 36);
            long post = services.posts
                    .posts()
                    .create(ada, "hello #" + topic + " @" + handle(bob), null)
                    .post()
                    .id();
            long repost = services.posts
                    .posts()
                    .repost(bob, post, "so true @" + adasHandle, null)
                    .post()
                    .id();
            services.idempotent.once(
                    "user:" + cy,
                    Optional.of("post-" + ids.next()),
                    "cy's post",
                    id -> services.posts
                            .posts()
                            .create(id, cy, "mine #" + topic, null)
                            .post()
                            .id(),
                    id -> services.posts.posts().find(cy, id).map(p -> p.post().id()));
            services.likes.likes().like(bob, post);
            services.likes.likes().like(cy, post);
            long comment = services.comments
                    .writer()
                    .create(bob, post, "first! @" + adasHandle + " #" + topic, Optional.empty())
                    .comment()
                    .id();
            services.comments.writer().create(cy, post, "@" + handle(bob) + " agreed", Optional.of(comment));
            long other = services.comments
                    .writer()
                    .create(cy, post, "another", Optional.empty())
                    .comment()
                    .id();
            services.comments.voting().vote(ada, comment, Vote.LIKE);
            services.comments.voting().vote(cy, comment, Vote.LIKE);
            services.comments.voting().vote(bob, other, Vote.HATE);
            services.comments.settings().pin(ada, post, comment);
            services.comments.settings().close(ada, post, true);
            long gone = services.posts
                    .posts()
                    .create(ada, "to be deleted", null)
                    .post()
                    .id();
            services.posts.posts().delete(ada, gone);

            // Audiences: a tag, a block, a hide, a group with a member.
            services.audience.audiences().tag(ada, ada, "close friends", bob);
            services.audience.audiences().block(ada, ada, dan);
            services.audience.audiences().hide(cy, cy, dan);
            Group group = services.audience.audiences().createGroup(ada, "book club");
            services.audience.audiences().addMember(ada, group.id(), cy);

            // Home pages read; notifications worked by the log, then read up to now.
            services.feed.home().home(bob, bob, Optional.empty(), 20);
            await(
                    () -> !services.notifications
                            .notifications()
                            .page(ada, ada, Optional.empty(), 100)
                            .items()
                            .isEmpty(),
                    "ada's notifications");
            services.notifications.notifications().markRead(ada, ada, clock.instant());
            await(
                    () -> !services.textIndex
                            .topics()
                            .topicPosts(ada, topic, Optional.empty(), 10)
                            .items()
                            .isEmpty(),
                    "the topic's posts indexed");
            await(() -> storage.hotComments().rankedScore(comment) == 2, "the hot ranking of the voted comment");
            try (Threads threads = new Threads()) {
                new TrendingJob(storage.textIndex(), Duration.ofMinutes(1), clock, threads.scheduled("trending"))
                        .refresh();
            }
            awaitDelivered(post);
            awaitDelivered(repost);

            pulledAuthor();
            edgeDecidedPerFollower();
            erased();
        }

        /** An author past the pull threshold: their followers pull them (author_delivery_by_user, pulled_authors). */
        private void pulledAuthor() {
            long star = services.graph.users().create("Star", Optional.empty()).id();
            List<Long> fans = new ArrayList<>();
            for (int i = 0; i < 11; i++) {
                long fan =
                        services.graph.users().create("Fan", Optional.empty()).id();
                services.graph.follows().follow(fan, star);
                fans.add(fan);
            }
            active(fans, 24);
            awaitDelivered(services.posts
                    .posts()
                    .create(star, "the post that asks for the switch", null)
                    .post()
                    .id());
            await(
                    () -> storage.fanout()
                            .delivery(star)
                            .map(d -> d.mode() == AuthorDelivery.Mode.PULLED)
                            .orElse(false),
                    "the star pulled");
        }

        /** A reader reading less than their author posts: fan-out decides to pull that edge (edge_delivery_by_author). */
        private void edgeDecidedPerFollower() {
            long writer =
                    services.graph.users().create("Writer", Optional.empty()).id();
            long rare = services.graph.users().create("Rare", Optional.empty()).id();
            long avid = services.graph.users().create("Avid", Optional.empty()).id();
            services.graph.follows().follow(rare, writer);
            services.graph.follows().follow(avid, writer);
            Instant read = clock.instant().minus(Duration.ofHours(1));
            storage.timelines()
                    .importStates(
                            Map.of(rare, new HomeState(read, 0, read, read), avid, new HomeState(read, 0, read, read)));
            storage.relations().shareActivity(rare, read, OptionalDouble.of(0.5));
            storage.relations().shareActivity(avid, read, OptionalDouble.of(500));
            for (int i = 0; i < 7; i++) { // five posts a day make a rate; the last ones pull the rare reader's edge
                awaitDelivered(services.posts
                        .posts()
                        .create(writer, "post " + i, null)
                        .post()
                        .id());
            }
            assertThat(storage.fanout().edgeDeliveries(writer, List.of(rare))).containsKey(rare);
        }

        /** An account asked to be erased, worked by the log until done (account_erasures_by_user). */
        private void erased() {
            long zed = signUp("zed");
            services.posts.posts().create(zed, "soon gone", null);
            ErasureService erasures = new ErasureService(accounts, storage.accounts(), services.log.log(), clock);
            erasures.request(zed, zed, PASSWORD);
            await(() -> erasures.status(zed).finishedAt().isPresent(), "zed's erasure done");
        }

        private long signUp(String name) {
            return accounts.signUp(name, Optional.of(fresh(name)), PASSWORD)
                    .user()
                    .id();
        }

        private String fresh(String name) {
            return name + "_" + Long.toString(ids.next(), 36).substring(5);
        }

        private String handle(long user) {
            return services.graph.users().get(user).handle().orElseThrow().value();
        }

        /** Readers who read their home an hour ago at {@code readsPerDay}: fan-out pushes to them. */
        private void active(List<Long> readers, double readsPerDay) {
            Instant read = clock.instant().minus(Duration.ofHours(1));
            Map<Long, HomeState> states = new HashMap<>();
            readers.forEach(r -> states.put(r, new HomeState(read, 0, read, read)));
            storage.timelines().importStates(states);
            readers.forEach(r -> storage.relations().shareActivity(r, read, OptionalDouble.of(readsPerDay)));
        }

        private void awaitDelivered(long postId) {
            await(
                    () -> storage.fanout()
                            .progress(postId, FanoutKind.DELIVER)
                            .map(p -> p.done())
                            .orElse(false),
                    "the fan-out of " + postId);
        }
    }

    private static void await(BooleanSupplier condition, String what) {
        Awaitility.await(what)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(condition::getAsBoolean);
    }
}
