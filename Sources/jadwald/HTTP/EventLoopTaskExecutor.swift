import NIOCore

/// Runs tasks on one NIO event loop, so that a request's task runs on the thread that owns
/// its connection: no hop to another loop to start it and none back to write the response.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
