package dev.widefeed.store;

import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Wraps a store adapter so that every operation is timed (one Dropwizard timer per operation,
 * {@code store.<backend>.<interface>.<method>}), every backend exception leaves it translated
 * into a {@link StoreException}, and those are counted by kind (one meter per interface and kind,
 * {@code store.<backend>.<interface>.errors.<temporary|unknown-outcome|permanent>}). Doing all three
 * here keeps adapters free of boilerplate and makes the two backends report alike. A call on behalf of a request
 * that has spent its {@link RequestBudget} is refused here, before it reaches the store.
 */
public final class TimedStores {
    private TimedStores() {}

    public static <T> T wrap(
            Class<T> type,
            T adapter,
            String backend,
            MetricRegistry metrics,
            Function<RuntimeException, StoreException> translate) {
        String store = decapitalize(type.getSimpleName());
        Map<Method, Timer> timers = new HashMap<>();
        for (Method method : type.getMethods()) {
            timers.put(method, metrics.timer(MetricRegistry.name("store", backend, store, method.getName())));
        }
        // Registered up front, so that a dashboard's error rate is 0, not missing, before the first error.
        Meter temporary = metrics.meter(MetricRegistry.name("store", backend, store, "errors", "temporary"));
        Meter unknownOutcome = metrics.meter(MetricRegistry.name("store", backend, store, "errors", "unknown-outcome"));
        Meter permanent = metrics.meter(MetricRegistry.name("store", backend, store, "errors", "permanent"));
        InvocationHandler handler = (proxy, method, args) -> {
            Timer timer = timers.get(method);
            if (timer == null) {
                return invoke(adapter, method, args, translate); // Object's own methods
            }
            try (Timer.Context ignored = timer.time()) {
                RequestBudget.check();
                return invoke(adapter, method, args, translate);
            } catch (UnknownOutcomeException e) {
                unknownOutcome.mark();
                throw e;
            } catch (TemporaryStoreException e) {
                temporary.mark();
                throw e;
            } catch (StoreException e) {
                permanent.mark();
                throw e;
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private static Object invoke(
            Object target, Method method, Object[] args, Function<RuntimeException, StoreException> translate)
            throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof StoreException
                    || cause instanceof DomainException
                    || !(cause instanceof RuntimeException)) {
                throw cause;
            }
            throw translate.apply((RuntimeException) cause);
        }
    }

    private static String decapitalize(String name) {
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
