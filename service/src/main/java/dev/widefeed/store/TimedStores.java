package dev.widefeed.store;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.StoreException;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Wraps a store adapter so that every operation is timed (one Dropwizard timer per operation,
 * {@code store.<backend>.<interface>.<method>}) and every backend exception leaves it translated
 * into a {@link StoreException}. Doing both here keeps adapters free of boilerplate and makes the
 * two backends report alike.
 */
public final class TimedStores {
    private TimedStores() {
    }

    public static <T> T wrap(Class<T> type, T adapter, String backend, MetricRegistry metrics,
                             Function<RuntimeException, StoreException> translate) {
        Map<Method, Timer> timers = new HashMap<>();
        for (Method method : type.getMethods()) {
            timers.put(method, metrics.timer(MetricRegistry.name("store", backend,
                    decapitalize(type.getSimpleName()), method.getName())));
        }
        InvocationHandler handler = (proxy, method, args) -> {
            Timer timer = timers.get(method);
            if (timer == null) {
                return invoke(adapter, method, args, translate); // Object's own methods
            }
            try (Timer.Context ignored = timer.time()) {
                return invoke(adapter, method, args, translate);
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, handler));
    }

    private static Object invoke(Object target, Method method, Object[] args,
                                 Function<RuntimeException, StoreException> translate) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof StoreException || cause instanceof DomainException || !(cause instanceof RuntimeException)) {
                throw cause;
            }
            throw translate.apply((RuntimeException) cause);
        }
    }

    private static String decapitalize(String name) {
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
