/// Finds dependency cycles between packages: one finding per strongly connected component.
struct CycleDetector {
    let edges: [DependencyEdge]

    /// The cycles, each as a path starting and ending at the component's first package in path order.
    func cycles() -> [[String]] {
        var successors: [String: [String]] = [:]
        for edge in edges {
            successors[edge.from, default: []].append(edge.to)
        }
        for key in successors.keys {
            successors[key] = Array(Set(successors[key] ?? [])).sorted()
        }
        let nodes = Set(edges.flatMap { [$0.from, $0.to] }).sorted()
        return stronglyConnectedComponents(nodes: nodes, successors: successors).compactMap { component in
            guard let start = component.sorted().first else { return nil }
            let members = Set(component)
            let isCycle = component.count > 1 || successors[start, default: []].contains(start)
            return isCycle ? shortestCycle(from: start, within: members, successors: successors) : nil
        }
        .sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Breadth-first search from `start` back to itself, staying inside the component.
    private func shortestCycle(from start: String, within members: Set<String>, successors: [String: [String]])
        -> [String]
    {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in successors[node, default: []] where members.contains(next) {
                if next == start {
                    var path = [start]
                    var cursor = node
                    while cursor != start {
                        path.append(cursor)
                        cursor = previous[cursor] ?? start
                    }
                    return [start] + path.dropFirst().reversed() + [start]
                }
                if previous[next] == nil {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start, start]
    }

    /// Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
    private func stronglyConnectedComponents(nodes: [String], successors: [String: [String]]) -> [[String]] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [[String]] = []
        var counter = 0
        for root in nodes where index[root] == nil {
            var work: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let (node, next) = work.last {
                let children = successors[node, default: []]
                if next < children.count {
                    work[work.count - 1].next += 1
                    let child = children[next]
                    if index[child] == nil {
                        index[child] = counter
                        lowLink[child] = counter
                        counter += 1
                        stack.append(child)
                        onStack.insert(child)
                        work.append((child, 0))
                    } else if onStack.contains(child) {
                        lowLink[node] = min(lowLink[node] ?? 0, index[child] ?? 0)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node {
                    lowLink[parent] = min(lowLink[parent] ?? 0, lowLink[node] ?? 0)
                }
                if lowLink[node] == index[node] {
                    var component: [String] = []
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component.append(member)
                        if member == node { break }
                    }
                    components.append(component)
                }
            }
        }
        return components
    }
}
