// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The two ENS Universal Resolver calls a wallet UI makes (the ABI viem's `getEnsName`,
/// `getEnsAddress`, `getEnsText` and `getEnsAvatar` use), answered from records set by the test. The real
/// ENS contracts are not published on this registry; this one lives at the mainnet Universal
/// Resolver address on a local node (`anvil_setCode`), so the client's code path is the real one.
/// No immutables or constructor state: its runtime code works wherever it is placed.
contract TestEnsUniversalResolver {
    error ResolverNotFound(bytes name);

    mapping(bytes32 => string) private names; // keccak(address bytes, coinType) => name
    mapping(bytes32 => string) private texts; // keccak(dns name, key) => value
    mapping(bytes32 => bool) private known; // keccak(dns name) => has records
    mapping(bytes32 => address) private addrs; // keccak(dns name) => address

    function setName(address account, string calldata name) external {
        names[keccak256(abi.encode(abi.encodePacked(account), uint256(60)))] = name;
    }

    function setText(bytes calldata dnsName, string calldata key, string calldata value) external {
        texts[keccak256(abi.encode(dnsName, key))] = value;
        known[keccak256(dnsName)] = true;
    }

    function setAddr(bytes calldata dnsName, address account) external {
        addrs[keccak256(dnsName)] = account;
        known[keccak256(dnsName)] = true;
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        primary = names[keccak256(abi.encode(lookupAddress, coinType))];
        if (bytes(primary).length == 0) revert ResolverNotFound(lookupAddress);
        return (primary, address(this), address(this));
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory result, address resolver)
    {
        if (!known[keccak256(name)]) revert ResolverNotFound(name);
        // addr(bytes32 node), and addr(bytes32 node, uint256 coinType) for Ethereum (60)
        if (bytes4(data[0:4]) == 0x3b3b57de) return (abi.encode(addrs[keccak256(name)]), address(this));
        if (bytes4(data[0:4]) == 0xf1cb7e06) return (abi.encode(abi.encodePacked(addrs[keccak256(name)])), address(this));
        // text(bytes32 node, string key)
        require(bytes4(data[0:4]) == 0x59d1d43c, "only addr and text records");
        (, string memory key) = abi.decode(data[4:], (bytes32, string));
        return (abi.encode(texts[keccak256(abi.encode(name, key))]), address(this));
    }
}
