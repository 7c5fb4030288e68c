package dev.widefeed.mastodon;

import com.codahale.metrics.annotation.Timed;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.Relationships;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserService;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.RequiresScope;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.function.LongConsumer;

/** Accounts: profiles, their statuses, follows and where the signed-in user stands with others. */
@Path("/api/v1/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Hidden
@Timed
public class AccountsResource {
    private final UserService users;
    private final PostService posts;
    private final FollowService follows;
    private final Relationships relationships;
    private final AudienceService audiences;
    private final Accounts accounts;
    private final AccountSearch search;

    public AccountsResource(
            UserService users,
            PostService posts,
            FollowService follows,
            Relationships relationships,
            AudienceService audiences,
            NameDirectory directory) {
        this.users = users;
        this.posts = posts;
        this.follows = follows;
        this.relationships = relationships;
        this.audiences = audiences;
        this.accounts = new Accounts(users);
        this.search = new AccountSearch(directory, accounts);
    }

    @GET
    @Path("/verify_credentials")
    @RequiresScope("read:accounts")
    public Entities.Account verifyCredentials(@Auth AppUser me, @Context UriInfo uri) {
        User user = users.find(me.id()).orElseThrow(() -> new MastodonException(401, "The access token is invalid"));
        return new Presenter(uri.getBaseUri()).credentialAccount(user, users.counts(me.id()));
    }

    @GET
    @Path("/lookup")
    @RequiresScope("read:accounts")
    public Entities.Account lookup(@Auth AppUser me, @Context UriInfo uri) {
        String acct = Fields.query(uri).get("acct").orElse("");
        String local = acct.startsWith("@") ? acct.substring(1) : acct;
        String domain = InstanceResource.domainOf(uri);
        if (local.endsWith("@" + domain)) {
            local = local.substring(0, local.length() - domain.length() - 1);
        }
        User user = Handle.tryParse(local)
                .flatMap(users::findByHandle)
                .orElseThrow(() -> new MastodonException(404, "Record not found"));
        return new Presenter(uri.getBaseUri()).account(user, users.counts(user.id()));
    }

    /** Accounts by the beginning of a handle or of a word of a name: what clients complete {@code @mentions} with. */
    @GET
    @Path("/search")
    @RequiresScope("read:accounts")
    public List<Entities.Account> search(@Auth AppUser me, @Context UriInfo uri) {
        Fields fields = Fields.query(uri);
        return search.find(
                AccountSearch.query(fields),
                fields.clamped("limit", NameDirectory.MAX_LIMIT, 1, NameDirectory.MAX_LIMIT),
                fields.clamped("offset", 0, 0, Integer.MAX_VALUE),
                new Presenter(uri.getBaseUri()));
    }

    @GET
    @Path("/{id}")
    @RequiresScope("read:accounts")
    public Entities.Account get(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long userId = Ids.of(id);
        User user = users.find(userId).orElseThrow(() -> new MastodonException(404, "Record not found"));
        return new Presenter(uri.getBaseUri()).account(user, users.counts(userId));
    }

    @GET
    @Path("/{id}/statuses")
    @RequiresScope("read:statuses")
    public Response statuses(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long authorId = Ids.of(id);
        Fields fields = Fields.query(uri);
        if (fields.flag("pinned") || fields.flag("only_media")) {
            return TimelinesResource.page(uri, List.of()); // no pinned posts, no media
        }
        List<PostDetails> page = IdPaging.of(fields)
                .read(
                        (before, limit) -> posts.byAuthor(me.id(), authorId, before, limit),
                        p -> p.post().id());
        return TimelinesResource.page(uri, accounts.statuses(page, new Presenter(uri.getBaseUri())));
    }

    @POST
    @Path("/{id}/follow")
    @RequiresScope("write:follows")
    public Entities.Relationship follow(@Auth AppUser me, @PathParam("id") String id) {
        return relationshipAfter(me, id, target -> follows.follow(me.id(), target));
    }

    @POST
    @Path("/{id}/unfollow")
    @RequiresScope("write:follows")
    public Entities.Relationship unfollow(@Auth AppUser me, @PathParam("id") String id) {
        return relationshipAfter(me, id, target -> follows.unfollow(me.id(), target));
    }

    @GET
    @Path("/relationships")
    @RequiresScope("read:follows")
    public List<Entities.Relationship> relationships(@Auth AppUser me, @Context UriInfo uri) {
        List<String> asked = Fields.query(uri).all("id");
        if (asked.size() > Relationships.MAX_BATCH) {
            throw new MastodonException(422, "Validation failed: at most " + Relationships.MAX_BATCH + " ids");
        }
        List<Long> ids = asked.stream().map(Ids::of).toList();
        return relationships.of(me.id(), me.id(), ids).stream()
                .map(AccountsResource::relationship)
                .toList();
    }

    /** The relationship with the user {@code id} names, once {@code change} made it. */
    private Entities.Relationship relationshipAfter(AppUser me, String id, LongConsumer change) {
        long target = Ids.of(id);
        change.accept(target);
        return relationship(me.id(), target);
    }

    private Entities.Relationship relationship(long me, long target) {
        return relationships.of(me, me, List.of(target)).stream()
                .findFirst()
                .map(AccountsResource::relationship)
                .orElseThrow(() -> new MastodonException(404, "Record not found"));
    }

    private static Entities.Relationship relationship(Relationships.Standing standing) {
        return new Entities.Relationship(
                Long.toString(standing.userId()),
                standing.following(),
                standing.following(),
                false,
                standing.followedBy(),
                standing.blocked(),
                false,
                standing.hidden(),
                standing.hidden(),
                false,
                false,
                false,
                false,
                "",
                List.of());
    }

    @GET
    @Path("/{id}/followers")
    @RequiresScope("read:accounts")
    public Response followers(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long userId = Ids.of(id);
        return follows(uri, (after, limit) -> follows.followers(userId, after, limit));
    }

    @GET
    @Path("/{id}/following")
    @RequiresScope("read:accounts")
    public Response following(@Auth AppUser me, @PathParam("id") String id, @Context UriInfo uri) {
        long userId = Ids.of(id);
        return follows(uri, (after, limit) -> follows.following(userId, after, limit));
    }

    /** A page of a follow list, paged by the follow's time and user (Mastodon pages it by the follow's id). */
    private Response follows(UriInfo uri, IdPaging.Reader<Follow, FollowCursor> list) {
        IdPaging<PositionIds> paging = IdPaging.of(Fields.query(uri), PositionIds::parse);
        List<Follow> page = paging.read(
                (before, limit) -> list.read(before.map(p -> new FollowCursor(p.at(), p.second())), limit)
                        .mapNext(c -> PositionIds.of(c.since(), c.userId())),
                AccountsResource::position);
        List<Entities.Account> shown =
                accounts.inOrder(page.stream().map(Follow::userId).toList(), new Presenter(uri.getBaseUri()));
        return IdPaging.answer(uri, shown, page, f -> position(f).text());
    }

    private static PositionIds position(Follow follow) {
        return PositionIds.of(follow.since(), follow.userId());
    }

    /** Mastodon's block is the service's: the blocked user sees none of my posts and cannot follow me. */
    @POST
    @Path("/{id}/block")
    @RequiresScope("write:blocks")
    public Entities.Relationship block(@Auth AppUser me, @PathParam("id") String id) {
        return relationshipAfter(me, id, target -> audiences.block(me.id(), me.id(), target));
    }

    @POST
    @Path("/{id}/unblock")
    @RequiresScope("write:blocks")
    public Entities.Relationship unblock(@Auth AppUser me, @PathParam("id") String id) {
        return relationshipAfter(me, id, target -> audiences.unblock(me.id(), me.id(), target));
    }

    /** Mastodon's mute is the service's hide: their posts leave my home timeline, nothing else changes. */
    @POST
    @Path("/{id}/mute")
    @RequiresScope("write:mutes")
    public Entities.Relationship mute(@Auth AppUser me, @PathParam("id") String id) {
        return relationshipAfter(me, id, target -> audiences.hide(me.id(), me.id(), target));
    }

    @POST
    @Path("/{id}/unmute")
    @RequiresScope("write:mutes")
    public Entities.Relationship unmute(@Auth AppUser me, @PathParam("id") String id) {
        return relationshipAfter(me, id, target -> audiences.unhide(me.id(), me.id(), target));
    }
}
