extension CheckoutCoordinator {
    /// The view model of the resume offer. Its actions hold the coordinator weakly, like every step's, so a
    /// screen never keeps a finished flow alive.
    func makeResumeViewModel(_ saved: SavedCheckoutDraft) -> ResumeDraftViewModel {
        ResumeDraftViewModel(
            saved: saved,
            format: format,
            resume: { [weak self] in await self?.resumeSavedDraft() },
            startOver: { [weak self] in await self?.discardSavedDraft() },
            cancel: { [weak self] in await self?.cancel() }
        )
    }

    /// A new view model for `step`, over the current draft.
    func makeScreen(for step: CheckoutStep) -> CheckoutScreen {
        let advance: @MainActor () async throws(CheckoutStepError) -> Void = {
            [weak self] () throws(CheckoutStepError) in
            guard let self else { throw .notAvailable }
            try await self.advance()
        }
        let back: @MainActor () -> Void = { [weak self] in self?.goBack() }
        switch step {
        case .reviewCart:
            return .reviewCart(
                ReviewCartViewModel(
                    draft: draft, feature: cart, format: format,
                    syncLines: { [weak self] in self?.syncLinesFromCart() },
                    advance: advance,
                    cancel: { [weak self] in await self?.cancel() }
                ))
        case .shippingAddress:
            return .shippingAddress(ShippingAddressViewModel(draft: draft, advance: advance, back: back))
        case .shippingOption:
            return .shippingOption(
                ShippingOptionViewModel(
                    draft: draft, options: shippingOptions, format: format, advance: advance, back: back))
        case .payment:
            return .payment(
                PaymentViewModel(
                    draft: draft,
                    useCard: { [weak self] number, expiry, cvc throws(PaymentStepError) in
                        guard let self else { throw .cancelled }
                        try await self.useCard(number: number, expiry: expiry, cvc: cvc)
                    },
                    useInvoice: { [weak self] in self?.useInvoice() },
                    advance: advance,
                    back: back
                ))
        case .review:
            return .review(
                OrderReviewViewModel(
                    draft: draft, option: chosenShippingOption, format: format,
                    confirm: { [weak self] () throws(CheckoutStepError) in
                        guard let self else { throw .notAvailable }
                        try await self.advance()
                        await self.placeOrder()
                    },
                    edit: { [weak self] step in self?.edit(step) }
                ))
        case .placeOrder:
            return .placeOrder(
                PlaceOrderViewModel(
                    placement: { [weak self] in self?.placement ?? .notStarted },
                    origin: { [weak self] in self?.placementOrigin ?? .thisCheckout },
                    format: format,
                    place: { [weak self] in
                        guard let self else { return }
                        if case .failed = self.placement {
                            await self.retryPlacement()
                        } else {
                            await self.placeOrder()
                        }
                    },
                    back: back,
                    startOver: { [weak self] in await self?.startOver() },
                    cancel: { [weak self] in await self?.cancel() }
                ))
        }
    }
}
