package dev.widefeed;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.widefeed.auth.AuthFactory;
import dev.widefeed.auth.JsonUnauthorizedHandler;
import dev.widefeed.auth.TokenAuthenticator;
import dev.widefeed.auth.UserPrincipal;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.cli.BackupCommand;
import dev.widefeed.cli.ExportCommand;
import dev.widefeed.cli.HandlesCommand;
import dev.widefeed.cli.ReconcileCommand;
import dev.widefeed.cli.RestoreCommand;
import dev.widefeed.cli.SchemaCommand;
import dev.widefeed.cli.TokenCommand;
import dev.widefeed.composition.FanoutMetrics;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.composition.ServerParts;
import dev.widefeed.erasure.ErasureService;
import dev.widefeed.errors.BusyMapper;
import dev.widefeed.errors.DomainExceptionMapper;
import dev.widefeed.errors.JsonErrorMapper;
import dev.widefeed.errors.MalformedRequestMapper;
import dev.widefeed.errors.SignInThrottledMapper;
import dev.widefeed.errors.StoreExceptionMapper;
import dev.widefeed.errors.UnexpectedErrorMapper;
import dev.widefeed.errors.ValidationErrorMapper;
import dev.widefeed.errors.WebErrorMapper;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.health.StoreHealthCheck;
import dev.widefeed.http.BodyLimit;
import dev.widefeed.http.CrossOrigin;
import dev.widefeed.http.JsonErrorHandler;
import dev.widefeed.http.RequestBudgetFilter;
import dev.widefeed.http.WebClient;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.ProcessName;
import dev.widefeed.mastodon.oauth.AppTokenAuthenticator;
import dev.widefeed.mastodon.oauth.AppUser;
import dev.widefeed.mastodon.oauth.OAuthTokens;
import dev.widefeed.metrics.PrometheusEndpoint;
import dev.widefeed.resources.NativeResources;
import dev.widefeed.store.Storage;
import io.dropwizard.auth.PolymorphicAuthDynamicFeature;
import io.dropwizard.auth.PolymorphicAuthValueFactoryProvider;
import io.dropwizard.auth.oauth.OAuthCredentialAuthFilter;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.server.AbstractServerFactory;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.lifecycle.Managed;
import jakarta.servlet.DispatcherType;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;

public class WidefeedApplication extends Application<WidefeedConfiguration> {

    public static void main(String[] args) throws Exception {
        new WidefeedApplication().run(args);
    }

    @Override
    public String getName() {
        return "widefeed";
    }

    @Override
    public void initialize(Bootstrap<WidefeedConfiguration> bootstrap) {
        bootstrap.setConfigurationSourceProvider(new SubstitutingSourceProvider(
                bootstrap.getConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)));
        configure(bootstrap.getObjectMapper());
        bootstrap.addBundle(WebClient.files());
        bootstrap.addCommand(new SchemaCommand<>(WidefeedConfiguration.class, config -> config.storage));
        bootstrap.addCommand(new TokenCommand<>(
                WidefeedConfiguration.class, config -> config.auth.tokens(config.storage.embeddedDataDir())));
        bootstrap.addCommand(new HandlesCommand<>(WidefeedConfiguration.class, config -> config.storage));
        bootstrap.addCommand(new ExportCommand<>(WidefeedConfiguration.class, config -> config.storage));
        bootstrap.addCommand(new BackupCommand<>(WidefeedConfiguration.class, config -> config.storage));
        bootstrap.addCommand(new RestoreCommand<>(WidefeedConfiguration.class, config -> config.storage));
        bootstrap.addCommand(new ReconcileCommand<>(
                WidefeedConfiguration.class,
                config -> config.storage,
                (config, storage) -> new Features(
                                storage,
                                InstanceSettings.of(new IdGenerator(0), Clock.systemUTC())
                                        .withFeed(config.feed.rules())
                                        .withLogShards(config.eventLog.shards))
                        .reconcile.reconciler()));
    }

    @Override
    public void run(WidefeedConfiguration config, Environment environment) {
        Clock clock = Clock.systemUTC();
        Storage storage = config.storage.open(
                environment.metrics(), environment.healthChecks(), clock, config.storage.applySchemaAtStart);
        environment.lifecycle().manage(new Managed() {
            @Override
            public void stop() {
                storage.close();
            }
        });
        environment.healthChecks().register("store", new StoreHealthCheck(storage));

        IdGenerator ids = new IdGenerator(config.workerId != null ? config.workerId : derivedWorkerId());
        // Bounded: ten batches of 1,000 may wait; past that a batch follow is refused (429), not queued forever.
        ExecutorService batchFollows = environment
                .lifecycle()
                .executorService("batch-follow-%d")
                .minThreads(config.limits.batchFollowThreads)
                .maxThreads(config.limits.batchFollowThreads)
                .workQueue(new ArrayBlockingQueue<>(10 * RelationLimits.DEFAULT.maxBatchFollow()))
                .build();
        // Handed over only to an idle thread; else the request reads on its own thread (never queued, never refused).
        ExecutorService pageReads = environment
                .lifecycle()
                .executorService("page-read-%d")
                .minThreads(config.limits.pageReadThreads)
                .maxThreads(config.limits.pageReadThreads)
                .workQueue(new SynchronousQueue<>())
                .rejectedExecutionHandler(new ThreadPoolExecutor.CallerRunsPolicy())
                .build();
        CacheSettings caches = config.caches.settings();
        Features features = new Features(
                storage,
                InstanceSettings.of(ids, clock)
                        .withLimits(
                                new RelationLimits(config.limits.maxFollowing, RelationLimits.DEFAULT.maxBatchFollow()))
                        .withBatchFollows(batchFollows)
                        .withFeed(config.feed.rules())
                        .withLogShards(config.eventLog.shards)
                        .withFanoutListener(FanoutMetrics.listener(environment.metrics()))
                        .withAudience(config.audiences.settings())
                        .withPageReads(pageReads)
                        .withCaches(caches));
        ServerParts.manage(
                features,
                storage,
                new ServerParts.Jobs(
                        config.eventLog,
                        caches.invalidationPoll(),
                        config.topics.trendingEvery.toJavaDuration(),
                        config.relationRepair.period.toJavaDuration(),
                        config.relationRepair.settle.toJavaDuration(),
                        config.relationRepair.lookback.toJavaDuration()),
                clock,
                environment);
        PrometheusEndpoint.register(environment);

        AuthFactory.Built auth = config.auth.build(
                config.storage.embeddedDataDir(), storage.accounts(), features.graph.users(), ids, clock);
        OAuthTokens appTokens = new OAuthTokens(auth.keys(), clock);
        registerWeb(config, environment, auth, appTokens);
        config.mastodon.register(environment, features, auth.accounts(), appTokens, clock);
        NativeResources.register(
                environment.jersey(),
                features,
                auth.accounts(),
                auth.tokens(),
                new ErasureService(auth.accounts(), storage.accounts(), features.log.log(), clock),
                environment.getObjectMapper(),
                clock);
    }

    private static void registerWeb(
            WidefeedConfiguration config, Environment environment, AuthFactory.Built auth, OAuthTokens appTokens) {
        if (config.getServerFactory() instanceof AbstractServerFactory server) {
            server.setRegisterDefaultExceptionMappers(false); // ours answer in the contract's error shape
        }
        strictRequestBodies(environment.getObjectMapper());
        JsonErrorHandler.install(environment);
        WebClient.secure(environment);
        CrossOrigin.install(environment);
        // Two kinds of bearer token, one per face: a session's access token (native) and an app's (Mastodon).
        environment
                .jersey()
                .register(new PolymorphicAuthDynamicFeature<>(Map.of(
                        UserPrincipal.class,
                        new OAuthCredentialAuthFilter.Builder<UserPrincipal>()
                                .setAuthenticator(new TokenAuthenticator(auth.tokens(), auth.accounts()::honours))
                                .setPrefix("Bearer")
                                .setRealm("widefeed")
                                .setUnauthorizedHandler(new JsonUnauthorizedHandler())
                                .buildAuthFilter(),
                        AppUser.class,
                        new OAuthCredentialAuthFilter.Builder<AppUser>()
                                .setAuthenticator(new AppTokenAuthenticator(appTokens, auth.accounts()::honours))
                                .setPrefix("Bearer")
                                .setRealm("widefeed")
                                .setUnauthorizedHandler(new JsonUnauthorizedHandler())
                                .buildAuthFilter())));
        environment
                .jersey()
                .register(new PolymorphicAuthValueFactoryProvider.Binder<>(Set.of(UserPrincipal.class, AppUser.class)));
        environment
                .servlets()
                .addFilter("request-budget", new RequestBudgetFilter(config.storage.requestBudget.toJavaDuration()))
                .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
        config.rateLimits.build(environment.metrics()).ifPresent(environment.jersey()::register);
        environment.jersey().register(new BodyLimit(config.limits.maxBodyBytes));
        environment.jersey().register(new DomainExceptionMapper());
        environment.jersey().register(new MalformedRequestMapper());
        environment.jersey().register(new BusyMapper());
        environment.jersey().register(new SignInThrottledMapper());
        environment.jersey().register(new StoreExceptionMapper());
        environment.jersey().register(new JsonErrorMapper());
        environment.jersey().register(new ValidationErrorMapper());
        environment.jersey().register(new WebErrorMapper());
        environment.jersey().register(new UnexpectedErrorMapper());
    }

    /** Strict, bounded JSON in; ISO-8601 times out. */
    static void configure(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        mapper.getFactory()
                .setStreamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(32)
                        .maxNumberLength(32)
                        .maxStringLength(64 * 1024)
                        .build());
    }

    /**
     * No lenient reading of request bodies: a number or boolean where the contract has a string (every
     * id is one) is a wrong type (422), and anything after the JSON value is refused rather than ignored.
     * Set here, not in {@link #configure}: the configuration, read with the same mapper before run,
     * has numbers in string settings.
     */
    static void strictRequestBodies(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }

    /** A worker id from host name and process id: unique enough for one host; configure it for a fleet. */
    private static int derivedWorkerId() {
        return Math.floorMod(ProcessName.hostAndPid().hashCode(), IdGenerator.MAX_WORKER_ID + 1);
    }
}
